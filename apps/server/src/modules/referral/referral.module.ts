import { idField, pageField, text } from '@tidemark/contract';
import { z } from 'zod';
import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { CreditService } from './credit.service.ts';
import { FeeShareJob } from './fee-share.job.ts';
import { loadReferralConfig } from './referral.config.ts';
import { referralMessages } from './referral.messages.ts';
import { ReferralService } from './referral.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    referral: { feeShare: FeeShareJob; rules: ReferralService['rules'] };
    credit: CreditService;
  }
}

registerMessages(referralMessages);

const pagingBody = z
  .object({ page: pageField, size: z.number().int().min(1).max(100).default(20) })
  .default({ page: 1, size: 20 });

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

    const user = { preHandler: ctx.guards.user };

    app.post('/xb/v1/referral/rules', { schema: { tags: ['referral'] } }, async () => referral.rules());
    app.post('/xb/v1/referral/invite', { ...user, schema: { tags: ['referral'] } }, async (request) =>
      referral.invite(request.user!.id),
    );
    app.post('/xb/v1/referral/team', { ...user, schema: { tags: ['referral'], body: pagingBody } }, async (request) =>
      referral.team(request.user!.id, request.body),
    );
    app.post(
      '/xb/v1/referral/rewards',
      { ...user, schema: { tags: ['referral'], body: pagingBody } },
      async (request) => referral.rewards(request.user!.id, request.body),
    );

    app.post('/xb/v1/account/credit', { ...user, schema: { tags: ['account'] } }, async (request) =>
      credit.ofUser(request.user!.id),
    );

    app.post(
      '/admin/credit/set',
      {
        preHandler: ctx.guards.operator('compliance'),
        schema: {
          tags: ['admin'],
          body: z.object({
            userId: idField,
            score: z.number().int().min(0).max(1000),
            reason: text({ max: 500, multiline: true }).min(1, 'credit.reasonEmpty'),
          }),
        },
      },
      async (request) => credit.set({ operatorId: request.operator!.id, ...request.body, ip: request.ip }),
    );
  },
  start(ctx) {
    service(ctx, 'referral').feeShare.start();
  },
  async stop(ctx) {
    await ctx.services.referral?.feeShare.stop();
  },
};
