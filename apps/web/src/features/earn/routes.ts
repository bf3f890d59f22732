import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Lock staking: the plans, the confirm screen and the records. The plans are public; the confirm and record
 * screens check the session themselves.
 */
export const earnRoutes: FeatureRoute[] = [
  { path: '/lockMining', load: () => import('./pages/LockMiningPage.tsx'), texts: ['earn'] },
  { path: '/confirmLock/:id', load: () => import('./pages/ConfirmLockPage.tsx'), texts: ['earn'] },
  { path: '/lockRecord', load: () => import('./pages/LockRecordPage.tsx'), texts: ['earn', 'share'] },
];
