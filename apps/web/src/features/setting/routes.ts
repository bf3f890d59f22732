import type { FeatureRoute } from '../../lib/route-def.ts';

export const settingRoutes: FeatureRoute[] = [{ path: '/setting', load: () => import('./pages/SettingPage.tsx') }];
