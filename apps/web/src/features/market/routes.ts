import type { FeatureRoute } from '../../lib/route-def.ts';

export const marketRoutes: FeatureRoute[] = [
  { path: '/market', load: () => import('./pages/MarketPage.tsx') },
  { path: '/coinSearch', load: () => import('./pages/CoinSearchPage.tsx') },
  { path: '/coinDetail/:coinType', load: () => import('./pages/CoinDetailPage.tsx') },
];
