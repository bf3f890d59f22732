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
import { userCalls } from '../../platform/http/user-calls.ts';

/**
 * The app's futures calls: contracts, the public book, tape and funding, and the signed-in user's account,
 * settings, orders, positions, TP/SL and funding history.
 */
export function registerFuturesRoutes(app: Api, ctx: AppContext, futures: FuturesService): void {
  const tags = ['futures'];
  const call = userCalls(app, ctx.guards.user, tags);

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
  call('/xb/v1/futures/account', z.object({}).optional(), (userId) => futures.account(userId));
  call('/xb/v1/futures/leverage', LeverageRequest, (userId, body) =>
    futures.setLeverage(userId, body.symbol, body.leverage),
  );
  call('/xb/v1/futures/margin-mode', MarginModeRequest, (userId, body) =>
    futures.setMarginMode(userId, body.symbol, body.marginMode),
  );
  call('/xb/v1/futures/order/place', FuturesPlaceOrderRequest, (userId, body) => futures.place(userId, body));
  call('/xb/v1/futures/order/cancel', FuturesCancelOrderRequest, (userId, body) =>
    futures.cancel(userId, body.orderId),
  );
  call('/xb/v1/futures/orders/open', FuturesSymbolFilter, (userId, body) => {
    if (body.symbol) futures.book(body.symbol);
    return futures.openOrders(userId, body.symbol);
  });
  call('/xb/v1/futures/orders/history', FuturesPageRequest, (userId, body) => futures.orderHistory(userId, body));
  call('/xb/v1/futures/positions', FuturesSymbolFilter, (userId, body) => {
    if (body.symbol) futures.book(body.symbol);
    return futures.positions(userId, body.symbol);
  });
  call('/xb/v1/futures/positions/closed', FuturesPageRequest, (userId, body) => futures.closedPositions(userId, body));
  call('/xb/v1/futures/position/close', ClosePositionRequest, (userId, body) => futures.closePosition(userId, body));
  call('/xb/v1/futures/position/close-all', CloseAllRequest, (userId, body) => {
    if (body.symbol) futures.book(body.symbol);
    return futures.closeAll(userId, body.requestId, body.symbol);
  });
  call('/xb/v1/futures/position/margin', PositionMarginRequest, (userId, body) => futures.positionMargin(userId, body));
  call('/xb/v1/futures/stop-pl/set', StopPlRequest, async (userId, body, request) => {
    const res = await futures.setStopPl(userId, body);
    return { ...res, warning: res.warning === null ? null : t(request.locale, res.warning) };
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
  call('/xb/v1/futures/funding/history', FuturesPageRequest, (userId, body) => futures.fundingHistory(userId, body));
}
