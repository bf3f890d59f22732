import type { FeatureRoute } from '../../lib/route-def.ts';

export const homeRoutes: FeatureRoute[] = [
  { path: '/home', hideNav: true, load: () => import('./pages/HomePage.tsx') },
];
