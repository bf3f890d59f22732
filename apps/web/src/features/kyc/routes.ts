import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Identity verification. Only the entry is guarded by the router (spec §6, in the spec table); the forms ask a
 * guest to sign in themselves.
 */
const entry = () => import('./pages/IdentityPage.tsx');
export const kycRoutes: FeatureRoute[] = [
  { path: '/mine/identity', load: entry, texts: ['kyc'] },
  { path: '/mine/identityNew', load: entry, texts: ['kyc'] },
  { path: '/mine/identityBase', load: () => import('./pages/IdentityBasePage.tsx'), texts: ['kyc'] },
  { path: '/mine/identityAdvance', load: () => import('./pages/IdentityAdvancePage.tsx'), texts: ['kyc'] },
];
