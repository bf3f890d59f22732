import type { RouteDef } from '../../lib/route-def.ts';

/**
 * Notices, documents and the help centre. Indexes are those of the spec route table; the article
 * view (not a spec path) sits just above the help centre so opening an article slides forward.
 */
export const contentRoutes: RouteDef[] = [
  {
    path: '/mine/helpCenter',
    index: 55,
    titleKey: 'common:nav.helpCenter',
    load: () => import('./pages/HelpCenterPage.tsx'),
  },
  {
    path: '/mine/helpCenter/:id',
    index: 55.5,
    titleKey: 'content:help.article',
    load: () => import('./pages/ArticlePage.tsx'),
  },
  {
    path: '/announcement',
    index: 60,
    titleKey: 'common:nav.announcement',
    load: () => import('./pages/AnnouncementPage.tsx'),
  },
  {
    path: '/announcementDetail/:id',
    index: 61,
    titleKey: 'common:nav.announcementDetail',
    load: () => import('./pages/AnnouncementDetailPage.tsx'),
  },
  {
    path: '/documentDetail/:type',
    index: 62,
    titleKey: 'common:nav.documentDetail',
    load: () => import('./pages/DocumentPage.tsx'),
  },
  { path: '/aboutUs', index: 63, titleKey: 'common:nav.aboutUs', load: () => import('./pages/AboutUsPage.tsx') },
];
