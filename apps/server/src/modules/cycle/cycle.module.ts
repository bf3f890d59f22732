import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { service } from '../../platform/context.ts';
import type { PriceService } from '../market/price.service.ts';
import { intervalScheduler, type Scheduler } from '../market/price-source.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { CycleCatalog } from './catalog.service.ts';
import { registerCycleAdmin } from './cycle.admin.ts';
import { loadCycleConfig } from './cycle.config.ts';
import { cycleMessages } from './cycle.messages.ts';
import { registerCycleRoutes } from './cycle.routes.ts';
import { settleDue, type SettlementDeps } from './settlement.job.ts';
import './pool-invariant.ts'; // ledger:check verifies the pool against the contracts

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
    const prices = service<PriceService>(ctx, 'prices');
    const ledger = service<LedgerService>(ctx, 'ledger');
    const catalog = new CycleCatalog(ctx.db, ctx.clock);
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
    registerCycleRoutes(app, ctx, { ctx, ledger, prices, catalog });
    registerCycleAdmin(app, ctx, catalog, ledger);
  },

  async start(ctx) {
    const catalog = ctx.services.cycleCatalog as CycleCatalog;
    await catalog.seedFromConfig(ctx.services.cycleConfig as ReturnType<typeof loadCycleConfig>);
    const settlement = ctx.services.cycleSettlement as SettlementDeps;
    // contracts that ended while the server was down settle now, from the stored ticks
    await settleDue(settlement);
    const scheduler = (ctx.services.cycleScheduler as Scheduler | undefined) ?? intervalScheduler;
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
