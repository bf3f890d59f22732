import { z } from 'zod';
import { idField } from '@tidemark/contract';
import {
  CloseAllRequest,
  ClosePositionRequest,
  FundingInfoRequest,
  FuturesCancelOrderRequest,
  FuturesDepthRequest,
  FuturesPageRequest,
  FuturesPlaceOrderRequest,
  FuturesSymbolFilter,
  FuturesTradesRequest,
  LeverageRequest,
  MarginModeRequest,
  PositionMarginRequest,
  StopPlRequest,
} from '@tidemark/contract/futures';
import { service } from '../../platform/context.ts';
import { registerMessages, t } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerMarketParameterRoutes } from '../market/market-parameters.routes.ts';
import { registerMarketStatusRoutes } from '../market/market-status.routes.ts';
import { CONTRACTS, contractOf } from './domain/contracts.ts';
import { loadFuturesConfig } from './futures.config.ts';
import { futuresMessages } from './futures.messages.ts';
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
  }
}

registerMessages(futuresMessages);

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
    const user = ctx.guards.user;
    const tags = ['futures'];
    const uid = (r: { user?: { id: number } | null }) => r.user!.id;

    app.post('/xb/v1/futures/contracts', { schema: { tags, body: z.object({}).optional() } }, async () =>
      futures.contracts(),
    );
    // the contract's public book and tape (the trade screen's futures side)
    app.post('/xb/v1/futures/depth', { schema: { tags, body: FuturesDepthRequest } }, async (r) => ({
      symbol: r.body.symbol,
      ...futures.depth(r.body.symbol, r.body.limit),
      time: ctx.clock.now(),
    }));
    app.post('/xb/v1/futures/trades', { schema: { tags, body: FuturesTradesRequest } }, async (r) =>
      futures.trades(r.body.symbol, r.body.limit),
    );
    app.post('/xb/v1/futures/funding/info', { schema: { tags, body: FundingInfoRequest.optional() } }, async (r) =>
      futures.fundingInfo(r.body?.symbol),
    );
    app.post(
      '/xb/v1/futures/account',
      { preHandler: user, schema: { tags, body: z.object({}).optional() } },
      async (r) => futures.account(uid(r)),
    );
    app.post('/xb/v1/futures/leverage', { preHandler: user, schema: { tags, body: LeverageRequest } }, async (r) =>
      futures.setLeverage(uid(r), r.body.symbol, r.body.leverage),
    );
    app.post('/xb/v1/futures/margin-mode', { preHandler: user, schema: { tags, body: MarginModeRequest } }, async (r) =>
      futures.setMarginMode(uid(r), r.body.symbol, r.body.marginMode),
    );
    app.post(
      '/xb/v1/futures/order/place',
      { preHandler: user, schema: { tags, body: FuturesPlaceOrderRequest } },
      async (r) => futures.place(uid(r), r.body),
    );
    app.post(
      '/xb/v1/futures/order/cancel',
      { preHandler: user, schema: { tags, body: FuturesCancelOrderRequest } },
      async (r) => futures.cancel(uid(r), r.body.orderId),
    );
    app.post(
      '/xb/v1/futures/orders/open',
      { preHandler: user, schema: { tags, body: FuturesSymbolFilter } },
      async (r) => {
        if (r.body.symbol) futures.book(r.body.symbol);
        return futures.openOrders(uid(r), r.body.symbol);
      },
    );
    app.post(
      '/xb/v1/futures/orders/history',
      { preHandler: user, schema: { tags, body: FuturesPageRequest } },
      async (r) => futures.orderHistory(uid(r), r.body),
    );
    registerMarketStatusRoutes(app, ctx, 'futures', () =>
      CONTRACTS.map((c) => ({
        symbol: c.symbol,
        base: c.base,
        quote: 'USDT',
        tickSize: c.tickSize,
        stepSize: c.stepSize,
        // the values in force: finance's overrides over the configuration
        ...params.current('futures', c.symbol),
        maxLeverage: c.maxLeverage,
      })),
    );
    registerMarketParameterRoutes(app, ctx, 'futures', (symbol) => contractOf(symbol) !== undefined);
    // the back office's user page: open positions and resting orders of one user
    app.post(
      '/admin/futures/user-positions',
      {
        preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
        schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
      },
      async (r) => ({
        positions: await futures.positions(r.body.userId),
        orders: await futures.openOrders(r.body.userId),
      }),
    );
    app.post(
      '/xb/v1/futures/positions',
      { preHandler: user, schema: { tags, body: FuturesSymbolFilter } },
      async (r) => {
        if (r.body.symbol) futures.book(r.body.symbol);
        return futures.positions(uid(r), r.body.symbol);
      },
    );
    app.post(
      '/xb/v1/futures/positions/closed',
      { preHandler: user, schema: { tags, body: FuturesPageRequest } },
      async (r) => futures.closedPositions(uid(r), r.body),
    );
    app.post(
      '/xb/v1/futures/position/close',
      { preHandler: user, schema: { tags, body: ClosePositionRequest } },
      async (r) => futures.closePosition(uid(r), r.body),
    );
    app.post(
      '/xb/v1/futures/position/close-all',
      { preHandler: user, schema: { tags, body: CloseAllRequest } },
      async (r) => {
        if (r.body.symbol) futures.book(r.body.symbol);
        return futures.closeAll(uid(r), r.body.requestId, r.body.symbol);
      },
    );
    app.post(
      '/xb/v1/futures/position/margin',
      { preHandler: user, schema: { tags, body: PositionMarginRequest } },
      async (r) => futures.positionMargin(uid(r), r.body),
    );
    app.post('/xb/v1/futures/stop-pl/set', { preHandler: user, schema: { tags, body: StopPlRequest } }, async (r) => {
      const res = await futures.setStopPl(uid(r), r.body);
      return { ...res, warning: res.warning === null ? null : t(r.locale, res.warning) };
    });
    app.post(
      '/xb/v1/futures/funding/history',
      { preHandler: user, schema: { tags, body: FuturesPageRequest } },
      async (r) => futures.fundingHistory(uid(r), r.body),
    );
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
    const maker = config.marketMaker ? new FuturesMarketMaker(ctx, futures, config) : null;
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
