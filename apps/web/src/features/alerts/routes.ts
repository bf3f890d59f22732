import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Price alerts and the user's own notices (not spec paths): reached from the user centre, just above /mine's index,
 * so opening them slides forward. Both need a session.
 */
export const alertsRoutes: FeatureRoute[] = [
  {
    path: '/mine/alerts',
    index: 40.7,
    titleKey: 'alerts:title',
    guard: 'auth',
    load: () => import('./pages/AlertsPage.tsx'),
    texts: ['alerts'],
  },
  {
    path: '/mine/notices',
    index: 40.8,
    titleKey: 'alerts:notices.title',
    guard: 'auth',
    load: () => import('./pages/NoticesPage.tsx'),
    texts: ['alerts'],
  },
];
