import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { spotParameterTarget } from './market-parameters.ts';
import { FeedHub } from './feed-hub.ts';
import { loadFeedLimits } from './feed.config.ts';
import { MarketData } from './market-data.ts';
import { loadMarketMakerConfig } from './market-maker.config.ts';
import { MarketMaker } from './market-maker.ts';
import { platformAccountIds, refuseDemoTakerOnLivePrices } from './platform-trades.ts';
import { IndexCandleFeed } from './index-candle-feed.ts';
import { handleMarketSocket } from './market-socket.ts';
import { registerSpotAdmin } from './spot.admin.ts';
import { spotMessages } from './spot.messages.ts';
import { registerSpotRoutes } from './spot.routes.ts';
import { SpotService } from './spot.service.ts';
import { stopOrderMessages } from './stop-orders.messages.ts';
import { registerStopOrderRoutes } from './stop-orders.routes.ts';
import { SpotStopService } from './stop-orders.service.ts';
import { StopFeed } from './stop-feed.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    spot: SpotService;
    spotHub: FeedHub;
    spotStops: SpotStopService;
  }
}

registerMessages(spotMessages);
registerMessages(stopOrderMessages);

const background = new WeakMap<object, { timer: NodeJS.Timeout; maker: MarketMaker | null; unlisten: () => void }>();

/**
 * Spot trading: markets, orders through per-market sequencers, market data (REST + `/ws`), the market
 * maker. Publishes `ctx.services.spot` (SpotService).
 */
export const spotModule: Module = {
  name: 'spot',
  register(app, ctx) {
    const limits = loadFeedLimits();
    const hub = new FeedHub(limits);
    const data = new MarketData(ctx.db, ctx.clock, limits.depthLevels);
    const spot = new SpotService({
      db: ctx.db,
      ledger: service(ctx, 'ledger'),
      clock: ctx.clock,
      hub,
      data,
      gate: service(ctx, 'marketStatus'),
      commitOn: ctx.database.groupCommit,
      queuesBehindCommit: ctx.database.kind === 'pglite',
    });
    ctx.services.spot = spot;
    ctx.services.spotHub = hub;
    service(ctx, 'rootSocket').onConnection((socket, request) => handleMarketSocket(ctx, hub, spot, socket, request));
    registerSpotRoutes(app, ctx, { spot, data, hub });
    const stops = new SpotStopService({ db: ctx.db, spot, gate: service(ctx, 'marketStatus') });
    ctx.services.spotStops = stops;
    registerStopOrderRoutes(app, ctx, stops);
    new StopFeed({ hub, stops, onError: (err) => ctx.log.warn({ err }, 'stops channel update failed') });
    // before the first order: markets start under the fees and minimums finance set, not the configured ones
    service(ctx, 'marketParameters').attach('spot', spotParameterTarget);
    registerSpotAdmin(app, ctx, spot);
  },

  async start(ctx) {
    const spot = service(ctx, 'spot');
    const hub = service(ctx, 'spotHub');
    await spot.start();
    hub.start();
    const indexCandles = new IndexCandleFeed({ hub, prices: service(ctx, 'prices'), clock: ctx.clock });
    // the balances channel also follows every other money command (deposit, transfer, conversion …) once committed
    const unlisten = service(ctx, 'ledger').onCommitted((users) => spot.balancesChanged(users));
    const timer = setInterval(() => {
      spot.publishTickers().catch((err) => ctx.log.warn({ err }, 'ticker publish failed'));
      indexCandles.publish().catch((err) => ctx.log.warn({ err }, 'index candle publish failed'));
    }, 1000);
    const config = loadMarketMakerConfig(ctx);
    refuseDemoTakerOnLivePrices(config, service(ctx, 'prices').demo);
    const maker = config.enabled ? new MarketMaker({ ctx, spot, config }) : null;
    if (maker) await maker.start();
    spot.data.setPlatformAccounts(await platformAccountIds(ctx));
    background.set(ctx, { timer, maker, unlisten });
  },

  async stop(ctx) {
    const b = background.get(ctx);
    if (b) {
      clearInterval(b.timer);
      b.unlisten();
      await b.maker?.stop();
    }
    ctx.services.spotHub?.stop();
    background.delete(ctx);
  },
};
