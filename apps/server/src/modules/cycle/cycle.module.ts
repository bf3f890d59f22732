import { registerMessages } from '../../platform/i18n/messages.ts';
import { cycleContractLookup, type CycleContractLookup } from './contract-lookup.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import { intervalScheduler, type Scheduler } from '../market/price-source.ts';
import { CycleCatalog } from './catalog.service.ts';
import { registerCycleAdmin } from './cycle.admin.ts';
import { loadCycleConfig } from './cycle.config.ts';
import { cycleMessages } from './cycle.messages.ts';
import { registerCycleRoutes } from './cycle.routes.ts';
import { settleDue, type SettlementDeps } from './settlement.job.ts';
import './pool-invariant.ts'; // ledger:check verifies the pool against the contracts
import type { CycleConfig } from './cycle.config.ts';
declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    cycleCatalog: CycleCatalog;
    cycleConfig: CycleConfig;
    cycleSettlement: SettlementDeps;
    /** tests drive the settlement ticks themselves */
    cycleScheduler: Scheduler;
    /** a user's own contracts, read by other modules (the share card) */
    cycleContracts: CycleContractLookup;
  }
}

registerMessages(cycleMessages);

const stopJobs = new WeakMap<object, () => void>();

/**
 * Fixed-period up/down contracts on the index prices (docs/decisions/0005-cycle-settlement.md).
 * Needs the market's `prices` and the wallet's `ledger`. Publishes `ctx.services.cycleSettlement`
 * (SettlementDeps) so tests can run the settlement job by hand.
 */
export const cycleModule: Module = {
  name: 'cycle',
  register(app, ctx) {
    const config = loadCycleConfig();
    const prices = service(ctx, 'prices');
    const ledger = service(ctx, 'ledger');
    const catalog = new CycleCatalog(ctx);
    ctx.services.cycleCatalog = catalog;
    ctx.services.cycleConfig = config;
    const settlement: SettlementDeps = {
      db: ctx.db,
      clock: ctx.clock,
      ledger,
      prices,
      graceMs: config.settleGraceMs,
      log: ctx.log,
    };
    ctx.services.cycleSettlement = settlement;
    ctx.services.cycleContracts = cycleContractLookup(ctx.db);
    registerCycleRoutes(app, ctx, { ctx, ledger, prices, catalog });
    registerCycleAdmin(app, ctx, catalog, ledger);
  },

  async start(ctx) {
    const catalog = service(ctx, 'cycleCatalog');
    await catalog.seedFromConfig(service(ctx, 'cycleConfig'));
    const settlement = service(ctx, 'cycleSettlement');
    // contracts that ended while the server was down settle now, from the stored ticks
    await settleDue(settlement);
    const scheduler = ctx.services.cycleScheduler ?? intervalScheduler;
    const stop = scheduler.every(1000, async () => {
      try {
        await settleDue(settlement);
      } catch (err) {
        ctx.log.warn({ err }, 'cycle settlement run failed');
      }
    });
    stopJobs.set(ctx, stop);
  },

  stop(ctx) {
    stopJobs.get(ctx)?.();
    stopJobs.delete(ctx);
  },
};
