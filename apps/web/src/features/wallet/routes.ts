import type { RouteDef } from '../../lib/route-def.ts';

/**
 * The wallet screens. Indexes and titles are those of the spec route table
 * (src/app/route-table.ts). The screens check the session themselves (a guest sees a sign-in prompt),
 * so /property stays a tab a guest can open.
 */
export const walletRoutes: RouteDef[] = [
  {
    path: '/property',
    index: 5,
    titleKey: 'common:tab.property',
    tab: true,
    load: () => import('./pages/PropertyPage.tsx'),
  },
  {
    path: '/property/coinRecord',
    index: 6,
    titleKey: 'common:nav.coinRecord',
    tab: true,
    load: () => import('./pages/CoinRecordPage.tsx'),
  },
  { path: '/recharge', index: 30, titleKey: 'common:nav.recharge', load: () => import('./pages/RechargePage.tsx') },
  { path: '/withdraw', index: 31, titleKey: 'common:nav.withdraw', load: () => import('./pages/WithdrawPage.tsx') },
  {
    path: '/withdrawBank',
    index: 32,
    titleKey: 'common:nav.withdrawBank',
    load: () => import('./pages/WithdrawBankPage.tsx'),
  },
  { path: '/transfer', index: 33, titleKey: 'common:nav.transfer', load: () => import('./pages/TransferPage.tsx') },
  { path: '/convert', index: 34, titleKey: 'common:nav.convert', load: () => import('./pages/ConvertPage.tsx') },
  {
    path: '/convertRecord',
    index: 35,
    titleKey: 'common:nav.convertRecord',
    load: () => import('./pages/ConvertRecordPage.tsx'),
  },
  {
    path: '/mine/coinAddress',
    index: 51,
    titleKey: 'common:nav.coinAddress',
    load: () => import('./pages/CoinAddressPage.tsx'),
  },
  {
    path: '/mine/addCoinAddress',
    index: 52,
    titleKey: 'common:nav.addCoinAddress',
    load: () => import('./pages/AddCoinAddressPage.tsx'),
  },
];
