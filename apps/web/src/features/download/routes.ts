import type { FeatureRoute } from '../../lib/route-def.ts';

export const downloadRoutes: FeatureRoute[] = [{ path: '/download', load: () => import('./pages/DownloadPage.tsx') }];
