import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // antd-mobile's builds import their CSS: its ES build, run through Vite, lets a component test render it
    alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }],
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
