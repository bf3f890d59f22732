import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves apps/web/dist on its own port; in development Vite proxies the API to it.
const apiTarget = process.env.TIDEMARK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run size` (scripts/web-size.mjs)
    manifest: true,
    // the coin icons stay files the browser fetches when a row shows them, not text inside the scripts
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks keep them cached across releases.
        // antd-mobile is imported per component (antd-mobile/es/components/<name>): each screen
        // fetches the components it draws.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // one file per language with all its namespaces: one request when a language is chosen
            {
              name: (id) => /[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/.exec(id)?.[1] ?? null,
              test: /[\\/]src[\\/]locales[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});
