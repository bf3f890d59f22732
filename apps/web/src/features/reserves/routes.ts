import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Proof of reserves (not a spec path): reached from the user centre, so it sits just above /mine's
 * index and opening it slides forward. Open to guests (the published figures); the own proof needs a session.
 */
export const reservesRoutes: FeatureRoute[] = [
  {
    path: '/mine/reserves',
    index: 40.6,
    titleKey: 'reserves:title',
    load: () => import('./pages/ReservesPage.tsx'),
    texts: ['reserves'],
  },
];
