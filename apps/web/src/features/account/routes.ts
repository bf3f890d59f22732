import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * The account screens. Only the identity screens are guarded at router level (spec §6); the others show a
 * sign-in prompt.
 */
export const accountRoutes: FeatureRoute[] = [
  // the user centre draws the identity state and the support entries, whose texts load with the screens
  { path: '/mine', load: () => import('./pages/MinePage.tsx'), texts: ['kyc', 'support'] },
  { path: '/mine/security', load: () => import('./pages/SecurityPage.tsx') },
  { path: '/mine/phone', load: () => import('./pages/PhonePage.tsx') },
  { path: '/mine/email', load: () => import('./pages/EmailPage.tsx') },
  { path: '/mine/editEmail', load: () => import('./pages/EditEmailPage.tsx') },
  { path: '/mine/password', load: () => import('./pages/PasswordPage.tsx') },
  // not in the spec's table: a screen of the security center, so it slides in from it
  {
    path: '/mine/antiPhishing',
    index: 41.5,
    titleKey: 'common:nav.antiPhishing',
    load: () => import('./pages/AntiPhishingPage.tsx'),
  },
  // not in the spec's table: the bot API keys, reached from the user centre
  { path: '/mine/api', index: 45.5, titleKey: 'common:nav.api', load: () => import('./pages/ApiKeysPage.tsx') },
  { path: '/mine/fund', load: () => import('./pages/FundPasswordPage.tsx') },
  { path: '/login', load: () => import('./pages/LoginPage.tsx') },
  { path: '/register', load: () => import('./pages/RegisterPage.tsx') },
  { path: '/retrieve', load: () => import('./pages/RetrievePage.tsx') },
];
