import type { RouteDef } from '../../lib/route-def.ts';

/**
 * Tickets and customer service. Indexes are those of the spec route table; the ticket view (not
 * a spec path) sits just above the ticket list so opening a ticket slides forward.
 */
export const supportRoutes: RouteDef[] = [
  {
    path: '/mine/addQuestion',
    index: 56,
    titleKey: 'common:nav.addQuestion',
    load: () => import('./pages/AddQuestionPage.tsx'),
    texts: ['support'],
  },
  {
    path: '/mine/questionRecord',
    index: 57,
    titleKey: 'common:nav.questionRecord',
    load: () => import('./pages/QuestionRecordPage.tsx'),
    texts: ['support'],
  },
  {
    path: '/mine/questionRecord/:id',
    index: 57.5,
    titleKey: 'support:detail.navTitle',
    load: () => import('./pages/QuestionDetailPage.tsx'),
    texts: ['support'],
  },
  {
    path: '/customerService',
    index: 64,
    titleKey: 'common:nav.customerService',
    load: () => import('./pages/CustomerServicePage.tsx'),
    texts: ['support'],
  },
];
