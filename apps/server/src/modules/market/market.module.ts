import { service } from '../../platform/context.ts';
import { asciiText, epochMsField } from '@tidemark/contract';
import { CANDLE_INTERVAL_NAMES } from '@tidemark/contract/spot';
import { z } from 'zod';
import { badRequest } from '../../platform/http/app-error.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { CcxtFeed, ccxtVenues } from './ccxt-feed.ts';
import { demoPriceSeed } from './demo-seed.ts';
import { devPriceControlAllowed, registerDevPriceRoute } from './dev-price.ts';
import { INSTRUMENTS, instrumentOf } from './instruments.ts';
import { loadMarketConfig } from './market.config.ts';
import { marketMessages } from './market.messages.ts';
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

const MAX_TICKS_PER_CALL = 3600;
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
    const marketStatus = new MarketStatusService(ctx.db, ctx.clock);
    await marketStatus.load();
    ctx.services.marketStatus = marketStatus;
    // loaded before the product modules attach their markets, which then start under the overrides
    const marketParameters = new MarketParameterService(ctx.db, ctx.clock);
    await marketParameters.load();
    ctx.services.marketParameters = marketParameters;

    const instrument = asciiText({ max: 20 }).min(1);

    // latest index prices (public); every answer says whether the prices are simulated
    app.post(
      '/xb/v1/market/index',
      { schema: { tags: ['market'], body: z.object({ instrument: instrument.optional() }).strict() } },
      async (request) => {
        const { instrument: symbol } = request.body;
        if (symbol) {
          if (!instrumentOf(symbol))
            throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
          return { demo: prices.demo, prices: [prices.latest(symbol)] };
        }
        return { demo: prices.demo, prices: prices.all() };
      },
    );

    // stored ticks of one instrument in a time range (public, so anyone can re-check a settlement)
    app.post(
      '/xb/v1/market/ticks',
      {
        schema: {
          tags: ['market'],
          body: z.object({ instrument, from: epochMsField, to: epochMsField }).strict(),
        },
      },
      async (request) => {
        const { instrument: symbol, from, to } = request.body;
        if (!instrumentOf(symbol))
          throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
        if (to < from) throw badRequest('VALIDATION', 'market.badRange', undefined, 'to');
        const ticks = await prices.ticksWithSources(symbol, from, to, MAX_TICKS_PER_CALL);
        return {
          demo: prices.demo,
          instrument: symbol,
          ticks: ticks.map((x) => ({ ts: x.ts, price: x.price, demo: x.demo, sources: x.sources })),
        };
      },
    );

    // candles of the stored index ticks (public): what a market's chart shows before it has trades of its own
    app.post(
      '/xb/v1/market/candles',
      {
        schema: {
          tags: ['market'],
          body: z
            .object({
              instrument,
              interval: z.enum(CANDLE_INTERVAL_NAMES, 'market.badInterval'),
              from: epochMsField.optional(),
              to: epochMsField.optional(),
              limit: z.number().int().min(1).max(1000).default(300),
            })
            .strict(),
        },
      },
      async (request) => {
        const { instrument: symbol, interval, from, to, limit } = request.body;
        if (!instrumentOf(symbol))
          throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
        if (from !== undefined && to !== undefined && to < from)
          throw badRequest('VALIDATION', 'market.badRange', undefined, 'to');
        return {
          demo: prices.demo,
          instrument: symbol,
          interval,
          candles: await prices.candles(symbol, interval, { from, to, limit }),
        };
      },
    );

    // the development price control (DEV_PRICE_CONTROL=true, simulated feed only; see dev-price.ts)
    if (devPriceControlAllowed(ctx.config, source)) registerDevPriceRoute(app, source);
    else if (ctx.config.devPriceControl) ctx.log.warn('DEV_PRICE_CONTROL is ignored: the price source is live');

    app.post('/xb/v1/market/instruments', { schema: { tags: ['market'] } }, async () => ({
      demo: prices.demo,
      instruments: INSTRUMENTS.map((i) => ({ symbol: i.symbol, base: i.base, kind: i.kind })),
    }));
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
