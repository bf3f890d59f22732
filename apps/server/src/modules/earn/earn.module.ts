import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { AccrualJob } from './accrual.job.ts';
import { registerEarnAdmin } from './earn.admin.ts';
import { loadEarnConfig } from './earn.config.ts';
import { earnDeps } from './earn-deps.ts';
import { earnMessages } from './earn.messages.ts';
import { registerEarnRoutes } from './earn.routes.ts';
import { earnOrderLookup, type EarnOrderLookup } from './order-lookup.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    earn: { accrual: AccrualJob };
    /** a user's own staking orders, read by other modules (the share card) */
    earnOrders: EarnOrderLookup;
  }
}

registerMessages(earnMessages);

/**
 * Earn: lock staking with a daily yield (spec /lockMining, /confirmLock, /lockRecord). Needs the
 * wallet's ledger (registered above it). Publishes `ctx.services.earn` = { accrual } so tests and
 * tools can run the daily job at once, and `ctx.services.earnOrders` (a user's own order, for the
 * share card).
 */
export const earnModule: Module = {
  name: 'earn',
  register(app, ctx) {
    const deps = earnDeps(ctx);
    const accrual = new AccrualJob({
      db: ctx.db,
      clock: ctx.clock,
      ledger: deps.ledger,
      log: ctx.log,
      intervalMs: loadEarnConfig().jobMs,
    });
    ctx.services.earn = { accrual };
    ctx.services.earnOrders = earnOrderLookup(ctx.db);
    registerEarnRoutes(app, ctx, deps);
    registerEarnAdmin(app, ctx, deps);
  },
  start(ctx) {
    service(ctx, 'earn').accrual.start();
  },
  async stop(ctx) {
    await ctx.services.earn?.accrual.stop();
  },
};
