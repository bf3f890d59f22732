import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * Notices, documents and the help centre. The article view (not a spec path) sits just above the help centre so
 * opening an article slides forward.
 */
export const contentRoutes: FeatureRoute[] = [
  { path: '/mine/helpCenter', load: () => import('./pages/HelpCenterPage.tsx') },
  {
    path: '/mine/helpCenter/:id',
    index: 55.5,
    titleKey: 'content:help.article',
    load: () => import('./pages/ArticlePage.tsx'),
  },
  { path: '/announcement', load: () => import('./pages/AnnouncementPage.tsx') },
  { path: '/announcementDetail/:id', load: () => import('./pages/AnnouncementDetailPage.tsx') },
  { path: '/documentDetail/:type', load: () => import('./pages/DocumentPage.tsx') },
  { path: '/aboutUs', load: () => import('./pages/AboutUsPage.tsx') },
];
