import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Tickets and customer service. The ticket view (not a spec path) sits just above the ticket list so opening a
 * ticket slides forward.
 */
export const supportRoutes: FeatureRoute[] = [
  { path: '/mine/addQuestion', load: () => import('./pages/AddQuestionPage.tsx'), texts: ['support'] },
  { path: '/mine/questionRecord', load: () => import('./pages/QuestionRecordPage.tsx'), texts: ['support'] },
  {
    path: '/mine/questionRecord/:id',
    index: 57.5,
    titleKey: 'support:detail.navTitle',
    load: () => import('./pages/QuestionDetailPage.tsx'),
    texts: ['support'],
  },
  { path: '/customerService', load: () => import('./pages/CustomerServicePage.tsx'), texts: ['support'] },
];
