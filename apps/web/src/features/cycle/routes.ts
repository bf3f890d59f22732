import type { FeatureRoute } from '../../lib/route-def.ts';

/** The cycle-contract screens: the tab, the records, and a contract's verification detail. */
export const cycleRoutes: FeatureRoute[] = [
  { path: '/cycle', load: () => import('./pages/CyclePage.tsx'), texts: ['cycle', 'responsible'] },
  {
    path: '/cycle/records',
    index: 16,
    titleKey: 'cycle:records.title',
    load: () => import('./pages/CycleRecordsPage.tsx'),
    texts: ['cycle'],
  },
  {
    path: '/cycle/order/:id',
    index: 17,
    titleKey: 'cycle:detail.title',
    load: () => import('./pages/CycleOrderPage.tsx'),
    texts: ['cycle', 'share'],
  },
];
