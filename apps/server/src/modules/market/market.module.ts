import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { CcxtFeed, ccxtVenues } from './ccxt-feed.ts';
import { demoPriceSeed } from './demo-seed.ts';
import { devPriceControlAllowed, registerDevPriceRoute } from './dev-price.ts';
import { loadMarketConfig } from './market.config.ts';
import { marketMessages } from './market.messages.ts';
import { registerMarketRoutes } from './market.routes.ts';
import { MarketParameterService } from './market-parameters.service.ts';
import { MarketStatusService } from './market-status.service.ts';
import { intervalScheduler, type PriceSource, type Scheduler } from './price-source.ts';
import { PriceService } from './price.service.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import type { MarketConfig } from './market.config.ts';
declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    prices: PriceService;
    marketConfig: MarketConfig;
    /** tests drive the price ticks themselves */
    priceScheduler: Scheduler;
    /** which markets take orders (trading, cancel-only, halted) */
    marketStatus: MarketStatusService;
    /** fees and minimums set over the configuration by finance */
    marketParameters: MarketParameterService;
  }
}

registerMessages(marketMessages);

const stopTicking = new WeakMap<object, () => void>();

/**
 * Currencies, instruments and index prices. Publishes `ctx.services.prices` (PriceService) and
 * `ctx.services.marketStatus` (MarketStatusService: which markets take orders) and
 * `ctx.services.marketParameters` (MarketParameterService: fees and minimums set over the configuration).
 * Tests may replace the scheduler through `ctx.services.priceScheduler` before start.
 */
export const marketModule: Module = {
  name: 'market',
  async register(app, ctx) {
    const config = loadMarketConfig();
    const source: PriceSource =
      config.source === 'ccxt'
        ? new CcxtFeed(await ccxtVenues(config.venues), { minVenues: config.minVenues })
        : new SimulatedFeed(
            await demoPriceSeed(
              config.seed,
              ctx.config.databaseUrl ? { kind: 'database', db: ctx.db } : { kind: 'file', dataDir: ctx.config.dataDir },
            ),
          );
    const prices = new PriceService(ctx.db, ctx.clock, source, config.staleMs);
    ctx.services.prices = prices;
    ctx.services.marketConfig = config;
    // loaded before any route answers, so a halt set before a restart holds from the first request
    const marketStatus = new MarketStatusService(ctx);
    await marketStatus.load();
    ctx.services.marketStatus = marketStatus;
    // loaded before the product modules attach their markets, which then start under the overrides
    const marketParameters = new MarketParameterService(ctx);
    await marketParameters.load();
    ctx.services.marketParameters = marketParameters;

    registerMarketRoutes(app, prices);

    // the development price control (DEV_PRICE_CONTROL=true, simulated feed only; see dev-price.ts)
    if (devPriceControlAllowed(ctx.config, source)) registerDevPriceRoute(app, source);
    else if (ctx.config.devPriceControl) ctx.log.warn('DEV_PRICE_CONTROL is ignored: the price source is live');
  },

  async start(ctx) {
    const prices = service(ctx, 'prices');
    const config = loadMarketConfig();
    const scheduler = ctx.services.priceScheduler ?? intervalScheduler;
    await prices.load();
    await prices.tick();
    const stop = scheduler.every(config.tickMs, async () => {
      try {
        await prices.tick();
      } catch (err) {
        ctx.log.warn({ err }, 'index price tick failed');
      }
    });
    stopTicking.set(ctx, stop);
  },

  stop(ctx) {
    stopTicking.get(ctx)?.();
    stopTicking.delete(ctx);
  },
};
