import { z } from 'zod';
import {
  CloseAllRequest,
  ClosePositionRequest,
  FundingInfoRequest,
  FuturesCancelOrderRequest,
  FuturesPageRequest,
  FuturesPlaceOrderRequest,
  FuturesSymbolFilter,
  LeverageRequest,
  MarginModeRequest,
  PositionMarginRequest,
  StopPlRequest,
} from '@tidemark/contract/futures';
import { service } from '../../platform/context.ts';
import { registerMessages, t } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import type { PriceService } from '../market/price.service.ts';
import type { AccountService } from '../account/account.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { loadFuturesConfig } from './futures.config.ts';
import { futuresMessages } from './futures.messages.ts';
import { FuturesService } from './futures.service.ts';
import { FUTURES_MAKER_EMAIL, FuturesMarketMaker } from './market-maker.ts';
import './clearing-invariant.ts'; // ledger:check verifies the clearing identity

registerMessages(futuresMessages);

const background = new WeakMap<object, { stop: () => void; maker: FuturesMarketMaker | null }>();

/**
 * USDT-margined perpetual futures (issue 8): contracts, orders through per-contract sequencers, positions,
 * mark price, funding, liquidation with insurance fund and ADL, TP/SL. Publishes `ctx.services.futures`.
 * Prices are read from `ctx.services.prices` on every tick (tests may swap in a PriceService over their
 * own source).
 */
export const futuresModule: Module = {
  name: 'futures',
  register(app, ctx) {
    const futures = new FuturesService({
      db: ctx.db,
      ledger: service<LedgerService>(ctx, 'ledger'),
      clock: ctx.clock,
      prices: () => ctx.services.prices as PriceService | undefined,
      defaultLeverage: loadFuturesConfig(ctx).defaultLeverage,
    });
    ctx.services.futures = futures;
    const user = ctx.guards.user;
    const tags = ['futures'];
    const uid = (r: { user?: { id: number } | null }) => r.user!.id;

    app.post('/xb/v1/futures/contracts', { schema: { tags, body: z.object({}).optional() } }, async () =>
      futures.contracts(),
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
    const futures = ctx.services.futures as FuturesService;
    const config = loadFuturesConfig(ctx);
    await futures.start();
    // the platform's own maker never feeds a mark price (decision 0007): known before the first tick, and again
    // below once the maker has created its account on a fresh installation
    const registerMaker = async () => {
      const makerId = await service<AccountService>(ctx, 'account').findIdByEmail(FUTURES_MAKER_EMAIL);
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
