import type { RouteDef } from '../../lib/route-def.ts';

export const tradeRoutes: RouteDef[] = [
  {
    path: '/trade',
    index: 3,
    titleKey: 'common:tab.trade',
    tab: true,
    load: () => import('./pages/TradePage.tsx'),
    texts: ['trade', 'futures'],
  },
  {
    path: '/allRecord/:coinType',
    index: 12,
    titleKey: 'common:nav.allRecord',
    load: () => import('./pages/AllRecordPage.tsx'),
    texts: ['trade'],
  },
  {
    path: '/tradDetail/:id',
    index: 14,
    titleKey: 'common:nav.tradDetail',
    load: () => import('./pages/TradDetailPage.tsx'),
    texts: ['trade'],
  },
];
