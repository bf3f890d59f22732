import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { routeShells } from './build/route-shells.ts';
import { ON_DEMAND_NAMESPACES } from './src/lib/on-demand-texts.ts';

// The server serves apps/web/dist on its own port; in development Vite proxies the API to it.
const apiTarget = process.env.TIDEMARK_API ?? 'http://127.0.0.1:8080';

// antd-mobile's imperative components (Toast, Dialog …) render through rc-util's React/render: our own
// few lines on Preact's createRoot do the same (src/app/antd-render.ts).
const antdRenderAlias = {
  find: /^rc-util\/lib\/React\/render$/,
  replacement: path.resolve(import.meta.dirname, 'src/app/antd-render.ts'),
};

// Preact (through preact/compat) runs the app in place of React DOM: the same components and hooks,
// about 40 KB of gzip less on every first load. Code keeps importing 'react' and 'react-dom'; these
// aliases swap them at build time (and in the dev server), also inside antd-mobile and TanStack Query.
// The unit tests (vitest.config.ts) still render with React.
const preactAliases = [
  antdRenderAlias,
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// React Router's package points every import at its development build (warnings, dev checks): the
// production build it ships beside it is 3 KB of gzip smaller on every first load.
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const routerProductionAliases = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  // dist/shells/<screen>.html: the first screens drawn before any script (build/route-shells.ts)
  plugins: [routeShells()],
  resolve: { alias: command === 'build' ? [...preactAliases, ...routerProductionAliases] : preactAliases },
  // JSX compiles to react/jsx-runtime, which the aliases above turn into Preact's
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run size` (scripts/web-size.mjs)
    manifest: true,
    // A screen's chunk imports its shared chunks itself: the browser's module loader fetches them as it reads the
    // imports. Vite's preload helper would instead insert a <link rel="modulepreload"> per chunk, all in the task
    // that starts the import (20–50 links for a first screen, about a millisecond each: apps/web/README.md
    // §Lighthouse). Style sheets still go through it (a screen waits for them).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // the coin icons stay files the browser fetches when a row shows them, not text inside the scripts
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks keep them cached across releases.
        // antd-mobile is imported per component (antd-mobile/es/components/<name>): each screen
        // fetches the components it draws.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](preact|react-router|react-router-dom)[\\/]/ },
            // one file per language with all its start-up namespaces: one request when a language is chosen;
            // a namespace loaded with its screens (lib/on-demand-texts.ts) is a file of its own per language
            {
              name: (id) => {
                const m = /[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
                if (!m) return null;
                return ON_DEMAND_NAMESPACES.includes(m[2]!) ? `${m[1]}-${m[2]}` : m[1]!;
              },
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
}));
