import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server at /admin (its own bundle: the retail app never loads it); in development
// Vite proxies the API to a running server.
const apiTarget = process.env.TIDEMARK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 18402,
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
});
