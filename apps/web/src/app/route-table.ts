/**
 * Every route of the product spec §2 with its ordering index and nav title. A feature's RouteDef
 * for one of these paths replaces the entry; a path no feature serves yet shows an honest
 * "coming soon" screen under its real title, so every link in the app already goes somewhere.
 *
 * Indexes: the five tabs first, then one block per area, deeper screens higher.
 */
export interface SpecRoute {
  path: string;
  index: number;
  titleKey: string;
  guard?: 'auth';
  tab?: boolean;
}

const nav = (name: string) => `common:nav.${name}`;

export const TAB_PATHS = ['/home', '/market', '/trade', '/cycle', '/property'] as const;

export const SPEC_ROUTES: readonly SpecRoute[] = [
  // tab layout
  { path: '/home', index: 1, titleKey: 'common:tab.home', tab: true },
  { path: '/market', index: 2, titleKey: 'common:tab.market', tab: true },
  { path: '/trade', index: 3, titleKey: 'common:tab.trade', tab: true },
  { path: '/cycle', index: 4, titleKey: 'common:tab.cycle', tab: true },
  { path: '/property', index: 5, titleKey: 'common:tab.property', tab: true },
  { path: '/property/coinRecord', index: 6, titleKey: nav('coinRecord'), tab: true },
  // markets and trading
  { path: '/coinSearch', index: 10, titleKey: nav('coinSearch') },
  { path: '/coinDetail/:coinType', index: 11, titleKey: nav('coinDetail') },
  { path: '/allRecord/:coinType', index: 12, titleKey: nav('allRecord') },
  { path: '/contractRecord/:coinType', index: 13, titleKey: nav('contractRecord') },
  { path: '/tradDetail/:id', index: 14, titleKey: nav('tradDetail') },
  { path: '/stopPl', index: 15, titleKey: nav('stopPl') },
  // lock mining
  { path: '/lockMining', index: 20, titleKey: nav('lockMining') },
  { path: '/confirmLock/:id', index: 21, titleKey: nav('confirmLock') },
  { path: '/lockRecord', index: 22, titleKey: nav('lockRecord') },
  // wallet
  { path: '/recharge', index: 30, titleKey: nav('recharge') },
  { path: '/withdraw', index: 31, titleKey: nav('withdraw') },
  { path: '/withdrawBank', index: 32, titleKey: nav('withdrawBank') },
  { path: '/transfer', index: 33, titleKey: nav('transfer') },
  { path: '/convert', index: 34, titleKey: nav('convert') },
  { path: '/convertRecord', index: 35, titleKey: nav('convertRecord') },
  // user centre
  { path: '/mine', index: 40, titleKey: nav('mine') },
  { path: '/mine/security', index: 41, titleKey: nav('security') },
  { path: '/mine/identity', index: 42, titleKey: nav('identity'), guard: 'auth' },
  { path: '/mine/identityNew', index: 43, titleKey: nav('identity'), guard: 'auth' },
  { path: '/mine/identityBase', index: 44, titleKey: nav('identityBase') },
  { path: '/mine/identityAdvance', index: 45, titleKey: nav('identityAdvance') },
  { path: '/mine/phone', index: 46, titleKey: nav('phone') },
  { path: '/mine/email', index: 47, titleKey: nav('email') },
  { path: '/mine/editEmail', index: 48, titleKey: nav('editEmail') },
  { path: '/mine/password', index: 49, titleKey: nav('password') },
  { path: '/mine/fund', index: 50, titleKey: nav('fund') },
  { path: '/mine/coinAddress', index: 51, titleKey: nav('coinAddress') },
  { path: '/mine/addCoinAddress', index: 52, titleKey: nav('addCoinAddress') },
  { path: '/mine/myTeam', index: 53, titleKey: nav('myTeam') },
  { path: '/mine/invite', index: 54, titleKey: nav('invite') },
  { path: '/mine/helpCenter', index: 55, titleKey: nav('helpCenter') },
  { path: '/mine/addQuestion', index: 56, titleKey: nav('addQuestion') },
  { path: '/mine/questionRecord', index: 57, titleKey: nav('questionRecord') },
  // content and settings
  { path: '/announcement', index: 60, titleKey: nav('announcement') },
  { path: '/announcementDetail/:id', index: 61, titleKey: nav('announcementDetail') },
  { path: '/documentDetail/:type', index: 62, titleKey: nav('documentDetail') },
  { path: '/aboutUs', index: 63, titleKey: nav('aboutUs') },
  { path: '/customerService', index: 64, titleKey: nav('customerService') },
  { path: '/setting', index: 65, titleKey: nav('setting') },
  { path: '/download', index: 66, titleKey: nav('download') },
  // sign-up and sign-in
  { path: '/login', index: 70, titleKey: nav('login') },
  { path: '/register', index: 71, titleKey: nav('register') },
  { path: '/retrieve', index: 72, titleKey: nav('retrieve') },
];

export function specRoute(path: string): SpecRoute | undefined {
  return SPEC_ROUTES.find((r) => r.path === path);
}
