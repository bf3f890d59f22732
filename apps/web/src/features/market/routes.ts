import type { RouteDef } from '../../lib/route-def.ts';

export const marketRoutes: RouteDef[] = [
  { path: '/market', index: 2, titleKey: 'common:tab.market', tab: true, load: () => import('./pages/MarketPage.tsx') },
  {
    path: '/coinSearch',
    index: 10,
    titleKey: 'common:nav.coinSearch',
    load: () => import('./pages/CoinSearchPage.tsx'),
  },
  {
    path: '/coinDetail/:coinType',
    index: 11,
    titleKey: 'common:nav.coinDetail',
    load: () => import('./pages/CoinDetailPage.tsx'),
  },
];
