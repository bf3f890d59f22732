import type { RouteDef } from '../../lib/route-def.ts';

export const homeRoutes: RouteDef[] = [
  {
    path: '/home',
    index: 1,
    titleKey: 'common:tab.home',
    tab: true,
    hideNav: true,
    load: () => import('./pages/HomePage.tsx'),
  },
];
