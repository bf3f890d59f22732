import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Team, invite and the credit score. The credit history (not a spec path) sits just above /mine so opening it
 * from there slides forward.
 */
export const referralRoutes: FeatureRoute[] = [
  {
    path: '/mine/credit',
    index: 40.5,
    titleKey: 'referral:credit.title',
    load: () => import('./pages/CreditPage.tsx'),
  },
  { path: '/mine/myTeam', load: () => import('./pages/MyTeamPage.tsx') },
  { path: '/mine/invite', load: () => import('./pages/InvitePage.tsx') },
];
