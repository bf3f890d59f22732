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
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { coinInfo } from './coin-info.ts';
import type { FeedHub } from './feed-hub.ts';
import type { MarketData } from './market-data.ts';
import { MARKETS, marketOf, publicMarket } from './markets.ts';
import type { SpotService } from './spot.service.ts';
import { userCalls } from '../../platform/http/user-calls.ts';

const knownSymbol = (symbol: string) => {
  if (!marketOf(symbol)) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
};

/** The app's spot calls: public market data, and the signed-in user's orders. */
export function registerSpotRoutes(
  app: Api,
  ctx: AppContext,
  { spot, data, hub }: { spot: SpotService; data: MarketData; hub: FeedHub },
): void {
  const call = userCalls(app, ctx.guards.user, ['spot']);
  const demo = () => ctx.services.prices?.demo ?? false;

  // ---- public market data
  app.post('/xb/v1/spot/markets', { schema: { tags: ['spot'], body: z.object({}).optional() } }, async () =>
    MARKETS.map(publicMarket),
  );
  app.post('/xb/v1/spot/tickers', { schema: { tags: ['spot'], body: TickersRequest.optional() } }, async (request) => {
    const symbol = request.body?.symbol;
    if (symbol) {
      knownSymbol(symbol);
      return [data.ticker(symbol)];
    }
    return data.tickers();
  });
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
  call('/xb/v1/spot/order/place', PlaceOrderRequest, (userId, body) => spot.place(userId, body));
  call('/xb/v1/spot/order/cancel', CancelOrderRequest, (userId, body) => spot.cancel(userId, body.orderId));
  call('/xb/v1/spot/order/cancel-all', CancelAllRequest, async (userId, body) => {
    if (body.symbol) knownSymbol(body.symbol);
    return { cancelled: await spot.cancelAll(userId, body.symbol) };
  });
  call('/xb/v1/spot/orders/open', OpenOrdersRequest, (userId, body) => {
    if (body.symbol) knownSymbol(body.symbol);
    return spot.openOrders(userId, body.symbol);
  });
  call('/xb/v1/spot/orders/history', OrderHistoryRequest, (userId, body) => {
    const { symbol, page, size } = body;
    return spot.history(userId, { symbol, page, size });
  });
  call('/xb/v1/spot/order/detail', OrderDetailRequest, (userId, body) => spot.detail(userId, body.id));
}
