import type { RouteDef } from '../../lib/route-def.ts';

export const downloadRoutes: RouteDef[] = [
  { path: '/download', index: 66, titleKey: 'common:nav.download', load: () => import('./pages/DownloadPage.tsx') },
];
