import type { Module } from '../platform/module.ts';
import { kycModule } from './kyc/kyc.module.ts';
import { referralModule } from './referral/referral.module.ts';
import { operatorModule } from './operator/operator.module.ts';
import { commonModule } from './common/common.module.ts';
import { accountModule } from './account/account.module.ts';
import { marketModule } from './market/market.module.ts';
import { walletModule } from './wallet/wallet.module.ts';
import { spotModule } from './spot/spot.module.ts';
import { futuresModule } from './futures/futures.module.ts';
import { earnModule } from './earn/earn.module.ts';
import { systemModule } from './system/system.module.ts';
import { contentModule } from './content/content.module.ts';
import { supportModule } from './support/support.module.ts';
import { cycleModule } from './cycle/cycle.module.ts';
import { botapiModule } from './botapi/botapi.module.ts';
import { reservesModule } from './reserves/reserves.module.ts';
import { alertsModule } from './alerts/alerts.module.ts';
import { shareModule } from './share/share.module.ts';
import { couponModule } from './coupon/coupon.module.ts';
import { responsibleModule } from './responsible/responsible.module.ts';

/**
 * Every module, in start-up order: a module may use the services of those above it.
 * Add a module with one line here.
 */
export const modules: Module[] = [
  systemModule,
  operatorModule,
  commonModule,
  accountModule,
  kycModule,
  marketModule,
  walletModule,
  spotModule,
  futuresModule,
  cycleModule,
  earnModule,
  contentModule,
  supportModule,
  referralModule,
  botapiModule,
  reservesModule,
  alertsModule,
  shareModule,
  couponModule,
  responsibleModule,
];
