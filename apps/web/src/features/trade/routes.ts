import type { RouteDef } from '../../lib/route-def.ts';

export const tradeRoutes: RouteDef[] = [
  { path: '/trade', index: 3, titleKey: 'common:tab.trade', tab: true, load: () => import('./pages/TradePage.tsx') },
];
