import { service } from '../../platform/context.ts';
import { FuturesPositionLookup } from './position-lookup.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { loadFuturesConfig } from './futures.config.ts';
import { registerFuturesAdmin } from './futures.admin.ts';
import { futuresMessages } from './futures.messages.ts';
import { orderBracketMessages } from './order-brackets.messages.ts';
import { registerFuturesRoutes } from './futures.routes.ts';
import { FuturesService } from './futures.service.ts';
import { FuturesFeed } from './futures-feed.ts';
import { parseRate } from '@tidemark/futures-math';
import { FUTURES_MAKER_EMAIL, FuturesMarketMaker } from './market-maker.ts';
import { futuresParameterTarget } from './market-parameters.ts';
import './clearing-invariant.ts'; // ledger:check verifies the clearing identity

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    futures: FuturesService;
    futuresFeed: FuturesFeed;
    /** a user's own closed positions, read by other modules (the share card) */
    futuresPositions: FuturesPositionLookup;
  }
}

registerMessages(futuresMessages);
registerMessages(orderBracketMessages);

const background = new WeakMap<object, { stop: () => void; maker: FuturesMarketMaker | null }>();

/**
 * USDT-margined perpetual futures: contracts, orders through per-contract sequencers, positions,
 * mark price, funding, liquidation with insurance fund and ADL, TP/SL. Publishes `ctx.services.futures`.
 * Prices are read from `ctx.services.prices` on every tick (tests may swap in a PriceService over their
 * own source).
 */
export const futuresModule: Module = {
  name: 'futures',
  register(app, ctx) {
    const futures = new FuturesService({
      db: ctx.db,
      ledger: service(ctx, 'ledger'),
      clock: ctx.clock,
      prices: () => ctx.services.prices,
      defaultLeverage: loadFuturesConfig(ctx).defaultLeverage,
      gate: service(ctx, 'marketStatus'),
    });
    ctx.services.futures = futures;
    ctx.services.futuresPositions = new FuturesPositionLookup(ctx.db);
    // the futures channels ride the spot module's `/ws` hub (decision 0022)
    const config = loadFuturesConfig(ctx);
    const hub = service(ctx, 'spotHub');
    const feed = new FuturesFeed({
      db: ctx.db,
      hub,
      futures,
      ledger: service(ctx, 'ledger'),
      clock: ctx.clock,
      log: ctx.log,
      demo: () => ctx.services.prices?.demo ?? false,
      priceMs: config.wsPriceMs,
      warningRatio: parseRate(config.marginWarning),
      depthLevels: hub.limits.depthLevels,
    });
    feed.register();
    ctx.services.futuresFeed = feed;
    // before the first order: contracts start under the fees and minimums finance set, not the configured ones
    const params = service(ctx, 'marketParameters');
    params.attach('futures', futuresParameterTarget);
    registerFuturesRoutes(app, ctx, futures);
    registerFuturesAdmin(app, ctx, futures);
  },

  async start(ctx) {
    const futures = service(ctx, 'futures');
    const config = loadFuturesConfig(ctx);
    await futures.start();
    service(ctx, 'futuresFeed').start();
    // the platform's own maker never feeds a mark price (decision 0007): known before the first tick, and again
    // below once the maker has created its account on a fresh installation
    const registerMaker = async () => {
      const makerId = await service(ctx, 'account').findIdByEmail(FUTURES_MAKER_EMAIL);
      if (makerId !== null) futures.addPlatformAccount(makerId);
    };
    await registerMaker();
    let stop = () => {};
    if (config.tickMs > 0) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return; // never overlap ticks
        running = true;
        futures
          .tick()
          .catch((err) => ctx.log.warn({ err }, 'futures tick failed'))
          .finally(() => {
            running = false;
          });
      }, config.tickMs);
      timer.unref();
      stop = () => clearInterval(timer);
    }
    const maker = config.marketMaker ? new FuturesMarketMaker({ ctx, futures, config }) : null;
    if (maker) await maker.start();
    await registerMaker();
    background.set(ctx, { stop, maker });
  },

  async stop(ctx) {
    const b = background.get(ctx);
    b?.stop();
    await b?.maker?.stop();
    background.delete(ctx);
  },
};
