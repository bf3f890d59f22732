import type { RouteDef } from '../../lib/route-def.ts';

export const settingRoutes: RouteDef[] = [
  { path: '/setting', index: 65, titleKey: 'common:nav.setting', load: () => import('./pages/SettingPage.tsx') },
];
