import type { RouteDef } from '../../lib/route-def.ts';

/**
 * Team, invite and the credit score. Indexes and titles are those of the spec route table; the
 * credit history (not a spec path) sits just above /mine so opening it from there slides forward.
 */
export const referralRoutes: RouteDef[] = [
  {
    path: '/mine/credit',
    index: 40.5,
    titleKey: 'referral:credit.title',
    load: () => import('./pages/CreditPage.tsx'),
  },
  { path: '/mine/myTeam', index: 53, titleKey: 'common:nav.myTeam', load: () => import('./pages/MyTeamPage.tsx') },
  { path: '/mine/invite', index: 54, titleKey: 'common:nav.invite', load: () => import('./pages/InvitePage.tsx') },
];
