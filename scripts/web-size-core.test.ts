import { describe, expect, it } from 'vitest';
import { budgetFailures, closure, routeSizes, startupTextFiles, type Manifest } from './web-size-core.ts';

// A build shaped like Vite's: the entry shares a runtime with the screens, the home screen has a library of
// its own and one it shares with the entry, English texts are one grouped chunk.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js', '_react.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_tabs.js': { file: 'assets/tabs.js', imports: ['_spring.js'] },
  '_spring.js': { file: 'assets/spring.js' },
  '_en_us.js': { file: 'assets/en_us.js', name: 'en_us', imports: ['_runtime.js'] },
  '_de.js': { file: 'assets/de.js', name: 'de', imports: ['_runtime.js'] },
  'src/features/home/pages/HomePage.tsx': {
    file: 'assets/HomePage.js',
    imports: ['_react.js', '_tabs.js', '_runtime.js'],
  },
  'src/features/market/pages/MarketPage.tsx': { file: 'assets/MarketPage.js', imports: ['_react.js'] },
};

// 1 KB per file, except the bigger library
const gzipBytes = (file: string) => (file === 'assets/spring.js' ? 10 * 1024 : 1024);

describe('closure', () => {
  it('follows static imports transitively, once each, and tolerates cycles', () => {
    const cyclic: Manifest = { ...manifest, '_spring.js': { file: 'assets/spring.js', imports: ['_tabs.js'] } };
    expect([...closure(cyclic, 'src/features/home/pages/HomePage.tsx')].sort()).toEqual([
      'assets/HomePage.js',
      'assets/react.js',
      'assets/runtime.js',
      'assets/spring.js',
      'assets/tabs.js',
    ]);
  });
});

describe('startupTextFiles', () => {
  it('takes the chunk named after the language, not the others', () => {
    expect([...startupTextFiles(manifest, 'en_us')].sort()).toEqual(['assets/en_us.js', 'assets/runtime.js']);
  });
  it('takes single locale files when the build does not group them', () => {
    const single: Manifest = {
      ...manifest,
      'src/locales/fr/common.json': { file: 'assets/common-fr.js' },
      'src/locales/fr/market.json': { file: 'assets/market-fr.js' },
      'src/locales/en_us/common.json': { file: 'assets/common-en.js' },
    };
    expect([...startupTextFiles(single, 'fr')].sort()).toEqual(['assets/common-fr.js', 'assets/market-fr.js']);
  });
  it('refuses a build without the language', () => {
    expect(() => startupTextFiles(manifest, 'kr')).toThrow(/kr/);
  });
});

describe('routeSizes', () => {
  const routes = [
    { path: '/home', key: 'src/features/home/pages/HomePage.tsx' },
    { path: '/market', key: 'src/features/market/pages/MarketPage.tsx' },
  ];

  it("counts a screen's own chunks without what the entry already holds", () => {
    const { entry, texts, rows } = routeSizes(manifest, routes, 'en_us', gzipBytes);
    expect(entry).toBe(3); // index, runtime, react
    expect(texts).toBe(1); // en_us; the runtime is the entry's
    expect(rows[0]).toEqual({ path: '/home', own: 12, firstLoad: 16, files: 7 }); // HomePage, tabs, spring
    expect(rows[1]).toEqual({ path: '/market', own: 1, firstLoad: 5, files: 5 });
  });

  it("counts the texts a screen fetches with it in the screen's language, in its first load and its own", () => {
    const withTexts: Manifest = {
      ...manifest,
      '_en_us-alerts.js': { file: 'assets/en_us-alerts.js', name: 'en_us-alerts', imports: ['_runtime.js'] },
      '_de-alerts.js': { file: 'assets/de-alerts.js', name: 'de-alerts', imports: ['_runtime.js'] },
      // a namespace the build did not group
      'src/locales/en_us/coupon.json': { file: 'assets/coupon-en.js' },
    };
    const market = { path: '/market', key: 'src/features/market/pages/MarketPage.tsx' };
    const routes = [{ ...market, texts: ['alerts', 'coupon'] }, market];
    const { rows } = routeSizes(withTexts, routes, 'en_us', gzipBytes);
    // MarketPage, en_us-alerts and coupon-en (not de-alerts; the runtime is the entry's)
    expect(rows[0]).toEqual({ path: '/market', own: 3, firstLoad: 7, files: 7 });
    expect(rows[1]).toEqual({ path: '/market', own: 1, firstLoad: 5, files: 5 });
  });

  it('refuses a screen whose texts are not in the build', () => {
    const route = { path: '/market', key: 'src/features/market/pages/MarketPage.tsx', texts: ['gone'] };
    expect(() => routeSizes(manifest, [route], 'en_us', gzipBytes)).toThrow(/gone/);
  });

  it('refuses a route whose screen is not in the build', () => {
    expect(() => routeSizes(manifest, [{ path: '/x', key: 'src/x.tsx' }], 'en_us', gzipBytes)).toThrow(/\/x/);
  });
});

describe('budgetFailures', () => {
  const rows = routeSizes(
    manifest,
    [
      { path: '/home', key: 'src/features/home/pages/HomePage.tsx' },
      { path: '/market', key: 'src/features/market/pages/MarketPage.tsx' },
    ],
    'en_us',
    gzipBytes,
  ).rows;

  it('passes when every route is within', () => {
    expect(budgetFailures(rows, { firstLoad: { '/home': 16 }, routeChunk: 12, startupLocale: 'en_us' })).toEqual([]);
  });

  it('names the first load and the own chunks that are over', () => {
    expect(budgetFailures(rows, { firstLoad: { '/home': 15 }, routeChunk: 11, startupLocale: 'en_us' })).toEqual([
      '/home: its own chunks 12.0 KB > 11 KB',
      '/home: first load 16.0 KB > 15 KB',
    ]);
  });

  it("holds a screen with an exception to its own limit instead of the rule's", () => {
    const budget = { firstLoad: {}, routeChunk: 10, routeChunkOver: { '/home': 12 }, startupLocale: 'en_us' };
    expect(budgetFailures(rows, budget)).toEqual([]);
    expect(budgetFailures(rows, { ...budget, routeChunkOver: { '/home': 11.5 } })).toEqual([
      '/home: its own chunks 12.0 KB > 11.5 KB',
    ]);
    expect(budgetFailures(rows, { ...budget, routeChunk: 0.5 })).toEqual(['/market: its own chunks 1.0 KB > 0.5 KB']);
  });

  it('names a budgeted route that no feature serves', () => {
    expect(budgetFailures(rows, { firstLoad: { '/gone': 50 }, routeChunk: 60, startupLocale: 'en_us' })).toEqual([
      '/gone: in size-budget.json but no feature serves it',
    ]);
    const over = { firstLoad: {}, routeChunk: 60, routeChunkOver: { '/left': 70 }, startupLocale: 'en_us' };
    expect(budgetFailures(rows, over)).toEqual(['/left: in size-budget.json but no feature serves it']);
  });
});
