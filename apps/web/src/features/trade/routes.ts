import type { FeatureRoute } from '../../lib/route-def.ts';

export const tradeRoutes: FeatureRoute[] = [
  { path: '/trade', load: () => import('./pages/TradePage.tsx'), texts: ['trade', 'futures'] },
  { path: '/allRecord/:coinType', load: () => import('./pages/AllRecordPage.tsx'), texts: ['trade'] },
  { path: '/tradDetail/:id', load: () => import('./pages/TradDetailPage.tsx'), texts: ['trade'] },
];
