import type { FeatureRoute } from '../../lib/route-def.ts';

/** Responsible trading in the user centre (not a spec path): just above /mine so it slides forward from there. */
export const responsibleRoutes: FeatureRoute[] = [
  {
    path: '/mine/responsible',
    index: 40.7,
    titleKey: 'responsible:title',
    load: () => import('./pages/ResponsiblePage.tsx'),
    texts: ['responsible'],
  },
];
