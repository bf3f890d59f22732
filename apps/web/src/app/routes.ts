import type { FeatureRoute } from '../lib/route-def.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { contentRoutes } from '../features/content/routes.ts';
import { cycleRoutes } from '../features/cycle/routes.ts';
import { earnRoutes } from '../features/earn/routes.ts';
import { futuresRoutes } from '../features/futures/routes.ts';
import { downloadRoutes } from '../features/download/routes.ts';
import { homeRoutes } from '../features/home/routes.ts';
import { kycRoutes } from '../features/kyc/routes.ts';
import { marketRoutes } from '../features/market/routes.ts';
import { walletRoutes } from '../features/wallet/routes.ts';
import { referralRoutes } from '../features/referral/routes.ts';
import { reservesRoutes } from '../features/reserves/routes.ts';
import { alertsRoutes } from '../features/alerts/routes.ts';
import { couponRoutes } from '../features/coupon/routes.ts';
import { responsibleRoutes } from '../features/responsible/routes.ts';
import { settingRoutes } from '../features/setting/routes.ts';
import { supportRoutes } from '../features/support/routes.ts';
import { tradeRoutes } from '../features/trade/routes.ts';

/** Every feature's screens: one line per feature. Spec routes no feature serves yet are added by mergeRoutes. */
export const featureRoutes: FeatureRoute[] = [
  ...homeRoutes,
  ...marketRoutes,
  ...tradeRoutes,
  ...cycleRoutes,
  ...walletRoutes,
  ...settingRoutes,
  ...downloadRoutes,
  ...accountRoutes,
  ...contentRoutes,
  ...supportRoutes,
  ...kycRoutes,
  ...referralRoutes,
  ...earnRoutes,
  ...futuresRoutes,
  ...reservesRoutes,
  ...alertsRoutes,
  ...couponRoutes,
  ...responsibleRoutes,
];
