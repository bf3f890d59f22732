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
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks keep them cached across releases.
        // antd-mobile is left to per-route splitting: as one chunk it was 118 KB gzip on every first load,
        // split, each screen fetches the components it draws.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
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
