import type { RouteDef } from '../../lib/route-def.ts';

/**
 * Identity verification. Indexes and titles are those of the spec route table (src/app/route-table.ts);
 * only the entry is guarded by the router (spec §6), the forms ask a guest to sign in themselves.
 */
const entry = () => import('./pages/IdentityPage.tsx');
export const kycRoutes: RouteDef[] = [
  { path: '/mine/identity', index: 42, titleKey: 'common:nav.identity', guard: 'auth', load: entry, texts: ['kyc'] },
  { path: '/mine/identityNew', index: 43, titleKey: 'common:nav.identity', guard: 'auth', load: entry, texts: ['kyc'] },
  {
    path: '/mine/identityBase',
    index: 44,
    titleKey: 'common:nav.identityBase',
    load: () => import('./pages/IdentityBasePage.tsx'),
    texts: ['kyc'],
  },
  {
    path: '/mine/identityAdvance',
    index: 45,
    titleKey: 'common:nav.identityAdvance',
    load: () => import('./pages/IdentityAdvancePage.tsx'),
    texts: ['kyc'],
  },
];
