import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { CreditService } from './credit.service.ts';
import { FeeShareJob } from './fee-share.job.ts';
import { loadReferralConfig } from './referral.config.ts';
import { registerReferralAdmin } from './referral.admin.ts';
import { referralMessages } from './referral.messages.ts';
import { registerReferralRoutes } from './referral.routes.ts';
import { ReferralService } from './referral.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    referral: { feeShare: FeeShareJob; rules: ReferralService['rules'] };
    credit: CreditService;
  }
}

registerMessages(referralMessages);

/**
 * Team and invite (spec §1–§3): invite code, link and QR code; the team (two levels); the share of
 * invitees' trading fees paid from the fee account (FeeShareJob); and the operator-set credit
 * score. Publishes `ctx.services.referral` (the job, so a trading module may run it right after
 * posting fees) and `ctx.services.credit`.
 */
export const referralModule: Module = {
  name: 'referral',
  register(app, ctx) {
    const config = loadReferralConfig();
    const accounts = () => service(ctx, 'account');
    const referral = new ReferralService({
      db: ctx.db,
      accounts,
      kyc: () => service(ctx, 'kyc'),
      config,
      publicUrl: ctx.config.publicUrl,
    });
    const credit = new CreditService({
      db: ctx.db,
      clock: ctx.clock,
      accounts,
      audit: service(ctx, 'audit'),
    });
    const job = new FeeShareJob({
      db: ctx.db,
      clock: ctx.clock,
      ledger: () => service(ctx, 'ledger'),
      accounts,
      config,
      log: ctx.log,
    });
    ctx.services.referral = { feeShare: job, rules: () => referral.rules() };
    ctx.services.credit = credit;

    registerReferralRoutes(app, ctx, referral, credit);
    registerReferralAdmin(app, ctx, credit);
  },
  start(ctx) {
    service(ctx, 'referral').feeShare.start();
  },
  async stop(ctx) {
    await ctx.services.referral?.feeShare.stop();
  },
};
