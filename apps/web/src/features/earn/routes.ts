import type { RouteDef } from '../../lib/route-def.ts';

/**
 * Lock staking: the plans, the confirm screen and the records. Indexes and titles are those of the spec route table (src/app/route-table.ts).
 * The plans are public; the confirm and record screens check the session themselves.
 */
export const earnRoutes: RouteDef[] = [
  {
    path: '/lockMining',
    index: 20,
    titleKey: 'common:nav.lockMining',
    load: () => import('./pages/LockMiningPage.tsx'),
    texts: ['earn'],
  },
  {
    path: '/confirmLock/:id',
    index: 21,
    titleKey: 'common:nav.confirmLock',
    load: () => import('./pages/ConfirmLockPage.tsx'),
    texts: ['earn'],
  },
  {
    path: '/lockRecord',
    index: 22,
    titleKey: 'common:nav.lockRecord',
    load: () => import('./pages/LockRecordPage.tsx'),
    texts: ['earn', 'share'],
  },
];
