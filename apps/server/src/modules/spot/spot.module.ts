import { z } from 'zod';
import { idField } from '@tidemark/contract';
import {
  CancelAllRequest,
  CancelOrderRequest,
  CandlesRequest,
  CoinInfoRequest,
  DepthRequest,
  OpenOrdersRequest,
  OrderDetailRequest,
  OrderHistoryRequest,
  PlaceOrderRequest,
  TickersRequest,
  TradesRequest,
} from '@tidemark/contract/spot';
import { service } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerMarketParameterRoutes } from '../market/market-parameters.routes.ts';
import { registerMarketStatusRoutes } from '../market/market-status.routes.ts';
import { spotParameterTarget } from './market-parameters.ts';
import { coinInfo } from './coin-info.ts';
import { FeedHub } from './feed-hub.ts';
import { loadFeedLimits } from './feed.config.ts';
import { MarketData } from './market-data.ts';
import { loadMarketMakerConfig } from './market-maker.config.ts';
import { MarketMaker } from './market-maker.ts';
import { platformAccountIds, refuseDemoTakerOnLivePrices } from './platform-trades.ts';
import { handleMarketSocket } from './market-socket.ts';
import { MARKETS, marketOf, publicMarket } from './markets.ts';
import { spotMessages } from './spot.messages.ts';
import { SpotService } from './spot.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    spot: SpotService;
    spotHub: FeedHub;
  }
}

registerMessages(spotMessages);

const background = new WeakMap<object, { timer: NodeJS.Timeout; maker: MarketMaker | null; unlisten: () => void }>();

const knownSymbol = (symbol: string) => {
  if (!marketOf(symbol)) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
};

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
    });
    ctx.services.spot = spot;
    ctx.services.spotHub = hub;
    service(ctx, 'rootSocket').onConnection((socket, request) => handleMarketSocket(ctx, hub, spot, socket, request));
    const user = ctx.guards.user;
    const demo = () => ctx.services.prices?.demo ?? false;

    // ---- public market data
    app.post('/xb/v1/spot/markets', { schema: { tags: ['spot'], body: z.object({}).optional() } }, async () =>
      MARKETS.map(publicMarket),
    );
    app.post(
      '/xb/v1/spot/tickers',
      { schema: { tags: ['spot'], body: TickersRequest.optional() } },
      async (request) => {
        const symbol = request.body?.symbol;
        if (symbol) {
          knownSymbol(symbol);
          return [data.ticker(symbol)];
        }
        return data.tickers();
      },
    );
    app.post('/xb/v1/spot/depth', { schema: { tags: ['spot'], body: DepthRequest } }, async (request) => {
      const { symbol, limit } = request.body;
      knownSymbol(symbol);
      return {
        symbol,
        ...data.depth(symbol, Math.min(limit, data.depthLevels)),
        seq: hub.seq(`depth:${symbol}`),
        time: ctx.clock.now(),
      };
    });
    app.post('/xb/v1/spot/trades', { schema: { tags: ['spot'], body: TradesRequest } }, async (request) => {
      knownSymbol(request.body.symbol);
      return data.trades(request.body.symbol, request.body.limit);
    });
    app.post('/xb/v1/spot/candles', { schema: { tags: ['spot'], body: CandlesRequest } }, async (request) => {
      const { symbol, interval, from, to, limit } = request.body;
      knownSymbol(symbol);
      return data.candles(symbol, interval, from, to, limit);
    });
    app.post('/xb/v1/spot/coin/info', { schema: { tags: ['spot'], body: CoinInfoRequest } }, async (request) => {
      const info = coinInfo(request.body.coinType);
      if (!info) throw badRequest('UNKNOWN_COIN', 'spot.unknownCoin', undefined, 'coinType');
      return { ...info, demo: demo() };
    });

    // ---- the user's orders
    app.post(
      '/xb/v1/spot/order/place',
      { preHandler: user, schema: { tags: ['spot'], body: PlaceOrderRequest } },
      async (request) => spot.place(request.user!.id, request.body),
    );
    app.post(
      '/xb/v1/spot/order/cancel',
      { preHandler: user, schema: { tags: ['spot'], body: CancelOrderRequest } },
      async (request) => spot.cancel(request.user!.id, request.body.orderId),
    );
    app.post(
      '/xb/v1/spot/order/cancel-all',
      { preHandler: user, schema: { tags: ['spot'], body: CancelAllRequest } },
      async (request) => {
        if (request.body.symbol) knownSymbol(request.body.symbol);
        return { cancelled: await spot.cancelAll(request.user!.id, request.body.symbol) };
      },
    );
    app.post(
      '/xb/v1/spot/orders/open',
      { preHandler: user, schema: { tags: ['spot'], body: OpenOrdersRequest } },
      async (request) => {
        if (request.body.symbol) knownSymbol(request.body.symbol);
        return spot.openOrders(request.user!.id, request.body.symbol);
      },
    );
    app.post(
      '/xb/v1/spot/orders/history',
      { preHandler: user, schema: { tags: ['spot'], body: OrderHistoryRequest } },
      async (request) => {
        const { symbol, page, size } = request.body;
        return spot.history(request.user!.id, { symbol, page, size });
      },
    );
    registerMarketStatusRoutes(app, ctx, 'spot', () =>
      MARKETS.map((m) => ({
        symbol: m.symbol,
        base: m.base,
        quote: m.quote,
        tickSize: m.tickSize,
        stepSize: m.stepSize,
        minNotional: m.minNotional,
        makerFee: m.makerFee,
        takerFee: m.takerFee,
      })),
    );
    // before the first order: markets start under the fees and minimums finance set, not the configured ones
    service(ctx, 'marketParameters').attach('spot', spotParameterTarget);
    registerMarketParameterRoutes(app, ctx, 'spot', (symbol) => marketOf(symbol) !== undefined);
    // the back office's user page: what the user has resting on the books
    app.post(
      '/admin/spot/user-orders',
      {
        preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
        schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
      },
      async (request) => spot.openOrders(request.body.userId),
    );
    app.post(
      '/xb/v1/spot/order/detail',
      { preHandler: user, schema: { tags: ['spot'], body: OrderDetailRequest } },
      async (request) => spot.detail(request.user!.id, request.body.id),
    );
  },

  async start(ctx) {
    const spot = service(ctx, 'spot');
    const hub = service(ctx, 'spotHub');
    await spot.start();
    hub.start();
    // the balances channel also follows every other money command (deposit, transfer, conversion …) once committed
    const unlisten = service(ctx, 'ledger').onCommitted((users) => spot.balancesChanged(users));
    const timer = setInterval(() => {
      spot.publishTickers().catch((err) => ctx.log.warn({ err }, 'ticker publish failed'));
    }, 1000);
    const config = loadMarketMakerConfig(ctx);
    refuseDemoTakerOnLivePrices(config, service(ctx, 'prices').demo);
    const maker = config.enabled ? new MarketMaker(ctx, spot, config) : null;
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
