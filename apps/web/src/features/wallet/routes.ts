import type { FeatureRoute } from '../../lib/route-def.ts';

/**
 * The wallet screens. The screens check the session themselves (a guest sees a sign-in prompt), so /property
 * stays a tab a guest can open.
 */
export const walletRoutes: FeatureRoute[] = [
  { path: '/property', load: () => import('./pages/PropertyPage.tsx') },
  { path: '/property/coinRecord', load: () => import('./pages/CoinRecordPage.tsx') },
  { path: '/recharge', load: () => import('./pages/RechargePage.tsx') },
  { path: '/withdraw', load: () => import('./pages/WithdrawPage.tsx') },
  { path: '/withdrawBank', load: () => import('./pages/WithdrawBankPage.tsx') },
  { path: '/transfer', load: () => import('./pages/TransferPage.tsx') },
  { path: '/convert', load: () => import('./pages/ConvertPage.tsx') },
  { path: '/convertRecord', load: () => import('./pages/ConvertRecordPage.tsx') },
  { path: '/mine/coinAddress', load: () => import('./pages/CoinAddressPage.tsx') },
  { path: '/mine/addCoinAddress', load: () => import('./pages/AddCoinAddressPage.tsx') },
];
