import { z } from 'zod';
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
  LiquidationSettlementRequest,
  MarginModeRequest,
  PositionMarginRequest,
  StopPlRequest,
} from '@tidemark/contract/futures';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Api } from '../../platform/module.ts';
import type { FuturesService } from './futures.service.ts';
import { liquidationSettlement } from './liquidation-settlement.ts';

/**
 * The app's futures calls: contracts, the public book, tape and funding, and the signed-in user's account,
 * settings, orders, positions, TP/SL and funding history.
 */
export function registerFuturesRoutes(app: Api, ctx: AppContext, futures: FuturesService): void {
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
  app.post('/xb/v1/futures/account', { preHandler: user, schema: { tags, body: z.object({}).optional() } }, async (r) =>
    futures.account(uid(r)),
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
  app.post('/xb/v1/futures/positions', { preHandler: user, schema: { tags, body: FuturesSymbolFilter } }, async (r) => {
    if (r.body.symbol) futures.book(r.body.symbol);
    return futures.positions(uid(r), r.body.symbol);
  });
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
  // public, like the cycle contract's verification: anyone can recompute a liquidation from the same ticks
  app.post(
    '/xb/v1/futures/liquidation/settlement',
    { schema: { tags, body: LiquidationSettlementRequest } },
    async (r) => {
      const prices = ctx.services.prices;
      const s = prices ? await liquidationSettlement(ctx.db, prices, r.body.positionId) : null;
      if (!s) throw notFound('futures.liquidationNotFound');
      return s;
    },
  );
  app.post(
    '/xb/v1/futures/funding/history',
    { preHandler: user, schema: { tags, body: FuturesPageRequest } },
    async (r) => futures.fundingHistory(uid(r), r.body),
  );
}
