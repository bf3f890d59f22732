import type { FeatureRoute } from '../../lib/route-def.ts';

/** The user centre's coupon list (not a spec path): just above /mine so opening it from there slides forward. */
export const couponRoutes: FeatureRoute[] = [
  {
    path: '/mine/coupons',
    index: 40.6,
    titleKey: 'coupon:title',
    load: () => import('./pages/CouponsPage.tsx'),
    texts: ['coupon'],
  },
];
