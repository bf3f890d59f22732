import type { RouteDef } from '../../lib/route-def.ts';

/**
 * The account screens. Indexes and nav titles are those of the spec route table
 * (src/app/route-table.ts) so transitions slide the same way as before this feature existed.
 * Only the identity screens are guarded at router level (spec §6); the others show a sign-in prompt.
 */
export const accountRoutes: RouteDef[] = [
  // the user centre draws the identity state and the support entries, whose texts load with the screens
  {
    path: '/mine',
    index: 40,
    titleKey: 'common:nav.mine',
    load: () => import('./pages/MinePage.tsx'),
    texts: ['kyc', 'support'],
  },
  {
    path: '/mine/security',
    index: 41,
    titleKey: 'common:nav.security',
    load: () => import('./pages/SecurityPage.tsx'),
  },
  { path: '/mine/phone', index: 46, titleKey: 'common:nav.phone', load: () => import('./pages/PhonePage.tsx') },
  { path: '/mine/email', index: 47, titleKey: 'common:nav.email', load: () => import('./pages/EmailPage.tsx') },
  {
    path: '/mine/editEmail',
    index: 48,
    titleKey: 'common:nav.editEmail',
    load: () => import('./pages/EditEmailPage.tsx'),
  },
  {
    path: '/mine/password',
    index: 49,
    titleKey: 'common:nav.password',
    load: () => import('./pages/PasswordPage.tsx'),
  },
  {
    path: '/mine/antiPhishing',
    // not in the spec's table: a screen of the security center, so it slides in from it
    index: 41.5,
    titleKey: 'common:nav.antiPhishing',
    load: () => import('./pages/AntiPhishingPage.tsx'),
  },
  // not in the spec's table: the bot API keys, reached from the user centre
  { path: '/mine/api', index: 45.5, titleKey: 'common:nav.api', load: () => import('./pages/ApiKeysPage.tsx') },
  { path: '/mine/fund', index: 50, titleKey: 'common:nav.fund', load: () => import('./pages/FundPasswordPage.tsx') },
  { path: '/login', index: 70, titleKey: 'common:nav.login', load: () => import('./pages/LoginPage.tsx') },
  { path: '/register', index: 71, titleKey: 'common:nav.register', load: () => import('./pages/RegisterPage.tsx') },
  { path: '/retrieve', index: 72, titleKey: 'common:nav.retrieve', load: () => import('./pages/RetrievePage.tsx') },
];
