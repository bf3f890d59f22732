import type { RouteDef } from '../../lib/route-def.ts';

export const marketRoutes: RouteDef[] = [
  { path: '/market', index: 2, titleKey: 'common:tab.market', tab: true, load: () => import('./pages/MarketPage.tsx') },
];
