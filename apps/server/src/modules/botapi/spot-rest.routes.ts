import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CANDLE_INTERVALS, type CandleInterval, type SpotOrder } from '@tidemark/contract/spot';
import { service } from '../../platform/context.ts';
import { MARKETS, notionalUnits, priceToTicks, qtyToLots, quoteUnitsToText, type Market } from '../spot/markets.ts';
import type { SpotService } from '../spot/spot.service.ts';
import { BinanceError, illegalValue, invalidInterval, mandatory, notRequired } from './binance-error.ts';
import type { BinanceParams } from './binance-params.ts';
import {
  binanceAggTrade,
  binanceCancel,
  binanceKline,
  binanceMyTrade,
  binanceOrder,
  binanceOrderResult,
  binanceSymbol,
  binanceTicker24h,
  binanceTrade,
} from './binance-view.ts';
import { binanceInstance, type BotApiDeps } from './binance-instance.ts';
import type { SpotStopService } from '../spot/stop-orders.service.ts';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import {
  findOco,
  isStopId,
  ocoView,
  placeOco,
  placeStopOrder,
  STOP_ERROR_CODES,
  STOP_ID_BASE,
  stopAsOrder,
  wantsStop,
} from './spot-stop-rest.ts';

/** Binance interval names → ours (Binance has no 30s; ours is offered under its own name). */
export const KLINE_INTERVALS: Record<string, CandleInterval> = {
  '30s': '30s',
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1h',
  '2h': '2h',
  '1d': '1D',
  '1w': '1W',
};

/** /api/v3: the spot subset of Binance's REST API over the same spot service as the app (one engine, one book). */
export function registerSpotRest(api: FastifyInstance, deps: BotApiDeps): void {
  const { ctx } = deps;
  const { route } = binanceInstance(api, deps, STOP_ERROR_CODES);
  const spot = () => service(ctx, 'spot');
  const stops = () => service(ctx, 'spotStops');
  const hub = () => service(ctx, 'spotHub');

  route('GET', '/ping', 1, 'public', () => ({}));
  route('GET', '/time', 1, 'public', () => ({ serverTime: ctx.clock.now() }));
  route('GET', '/exchangeInfo', 20, 'public', (p) => {
    const one = p.optionalSymbol();
    const markets = one ? [one] : (p.symbols() ?? MARKETS);
    return {
      timezone: 'UTC',
      serverTime: ctx.clock.now(),
      rateLimits: [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: deps.limits.weightPerMinute },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: deps.limits.ordersPer10s },
      ],
      exchangeFilters: [],
      symbols: markets.map(binanceSymbol),
    };
  });
  route('GET', '/depth', 5, 'public', (p) => {
    const m = p.symbol();
    const limit = p.limit(100, 5000);
    const data = spot().data;
    // lastUpdateId is the depth channel's sequence: the @depth stream's u / U continue from it
    return { lastUpdateId: hub().seq(`depth:${m.symbol}`), ...data.depth(m.symbol, Math.min(limit, data.depthLevels)) };
  });
  route('GET', '/trades', 25, 'public', (p) => {
    const m = p.symbol();
    return spot()
      .data.trades(m.symbol, p.limit(500, 1000))
      .reverse()
      .map((t) => binanceTrade(t, quoteQty(m, t.price, t.quantity)));
  });
  route('GET', '/aggTrades', 4, 'public', (p) => {
    const m = p.symbol();
    let trades = spot().data.trades(m.symbol, 1000).reverse();
    const fromId = p.int('fromId', { min: 0, max: Number.MAX_SAFE_INTEGER });
    const start = p.int('startTime', { min: 0, max: 8.64e15 });
    const end = p.int('endTime', { min: 0, max: 8.64e15 });
    if (fromId !== undefined) trades = trades.filter((t) => t.id >= fromId);
    if (start !== undefined) trades = trades.filter((t) => t.time >= start);
    if (end !== undefined) trades = trades.filter((t) => t.time <= end);
    const limit = p.limit(500, 1000);
    trades = fromId !== undefined || start !== undefined ? trades.slice(0, limit) : trades.slice(-limit);
    return trades.map(binanceAggTrade);
  });
  route('GET', '/klines', 2, 'public', async (p) => {
    const m = p.symbol();
    const name = p.oneOf('interval', Object.keys(KLINE_INTERVALS), invalidInterval);
    if (!name) throw mandatory('interval');
    const interval = KLINE_INTERVALS[name]!;
    const ms = CANDLE_INTERVALS[interval];
    const limit = p.limit(500, 1000);
    const start = p.int('startTime', { min: 0, max: 8.64e15 });
    let end = p.int('endTime', { min: 0, max: 8.64e15 });
    // Binance counts `limit` candles forward from startTime; ours takes the latest in range, so bound the range
    if (start !== undefined && end === undefined) end = start + limit * ms - 1;
    const candles = await spot().data.candles(m.symbol, interval, start, end, limit);
    return candles.map((c) => binanceKline(c, ms));
  });
  const bookOf = (m: Market) => {
    const d = spot().data.depth(m.symbol, 1);
    const [bid, ask] = [d.bids[0], d.asks[0]];
    return { bidPrice: bid?.[0] ?? '0', bidQty: bid?.[1] ?? '0', askPrice: ask?.[0] ?? '0', askQty: ask?.[1] ?? '0' };
  };
  const listOrOne = <T>(p: BinanceParams, f: (m: Market) => T): T | T[] => {
    const one = p.optionalSymbol();
    if (one) return f(one);
    return (p.symbols() ?? MARKETS).map(f);
  };
  route('GET', '/ticker/24hr', 2, 'public', (p) =>
    listOrOne(p, (m) => {
      const t = spot().data.ticker(m.symbol);
      return binanceTicker24h(t, bookOf(m), { openTime: t.time - 86_400_000 });
    }),
  );
  route('GET', '/ticker/price', 2, 'public', (p) =>
    listOrOne(p, (m) => ({ symbol: m.symbol, price: spot().data.ticker(m.symbol).last ?? '0' })),
  );
  route('GET', '/ticker/bookTicker', 2, 'public', (p) => listOrOne(p, (m) => ({ symbol: m.symbol, ...bookOf(m) })));

  // ---- signed: the account and its orders
  route('GET', '/account', 20, 'read', async (_p, _r, key) => {
    const balances = await spot().balances(key!.userId);
    return {
      makerCommission: 8,
      takerCommission: 10,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: '0.00080000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
      canTrade: key!.canTrade,
      canWithdraw: false,
      canDeposit: true,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: ctx.clock.now(),
      accountType: 'SPOT',
      balances: balances.map((b) => ({ asset: b.currency, free: b.available, locked: b.frozen })),
      permissions: ['SPOT'],
      uid: key!.userId,
    };
  });

  route('POST', '/order', 1, 'trade', (p, _r, key) =>
    wantsStop(p) ? placeStopOrder(stops(), key!.userId, p) : placeOrder(spot(), key!.userId, p),
  );
  route('POST', '/order/test', 1, 'trade', (p) => {
    orderInput(p, 'test');
    return {};
  });
  route('GET', '/order', 4, 'read', async (p, _r, key) => {
    const found = await findOrder(spot(), stops(), key!.userId, p);
    return 'stopPrice' in found ? stopAsOrder(spot(), key!.userId, found) : binanceOrder(found);
  });
  route('DELETE', '/order', 1, 'trade', async (p, _r, key) => {
    const found = await findOrder(spot(), stops(), key!.userId, p);
    if (!('stopPrice' in found)) return binanceCancel(await spot().cancel(key!.userId, found.id));
    if (found.status !== 'waiting') throw new BinanceError(-2011, 'Unknown order sent.');
    return stopCancel(await stopAsOrder(spot(), key!.userId, await stops().cancel(key!.userId, found.id)));
  });
  route('GET', '/openOrders', 6, 'read', async (p, _r, key) => {
    const m = p.optionalSymbol();
    const orders = (await spot().openOrders(key!.userId, m?.symbol)).sort((a, b) => a.id - b.id).map(binanceOrder);
    // waiting stops are open orders too (not working yet), after the book's
    const waiting = await stops().open(key!.userId, m?.symbol);
    const asOrders = await Promise.all(waiting.reverse().map((s) => stopAsOrder(spot(), key!.userId, s)));
    return [...orders, ...asOrders];
  });
  route('DELETE', '/openOrders', 1, 'trade', async (p, _r, key) => {
    const m = p.symbol();
    const open = await spot().openOrders(key!.userId, m.symbol);
    const waiting = await stops().open(key!.userId, m.symbol);
    if (!open.length && !waiting.length) throw new BinanceError(-2011, 'Unknown order sent.');
    // the stops first: an OCO's limit leg goes with its stop
    const stopped = await Promise.allSettled(waiting.map((s) => stops().cancel(key!.userId, s.id)));
    const legs = new Set(waiting.flatMap((s) => (s.ocoOrder ? [s.ocoOrder.id] : [])));
    const done = await Promise.allSettled(
      open.filter((o) => !legs.has(o.id)).map((o) => spot().cancel(key!.userId, o.id)),
    );
    const cancelledStops = await Promise.all(
      stopped.flatMap((r) => (r.status === 'fulfilled' ? [stopAsOrder(spot(), key!.userId, r.value)] : [])),
    );
    return [
      ...done.flatMap((r) => (r.status === 'fulfilled' ? [binanceCancel(r.value)] : [])),
      ...cancelledStops.map(stopCancel),
    ];
  });
  // ---- OCO (an order list of a limit order and a stop)
  route('POST', '/order/oco', 1, 'trade', (p, _r, key) => placeOco(stops(), spot(), key!.userId, p));
  route('GET', '/orderList', 4, 'read', async (p, _r, key) =>
    ocoView(spot(), key!.userId, await findOco(stops(), key!.userId, p)),
  );
  route('DELETE', '/orderList', 1, 'trade', async (p, _r, key) => {
    const oco = await findOco(stops(), key!.userId, p);
    if (oco.status !== 'waiting') throw new BinanceError(-2011, 'Order list does not exist.');
    return ocoView(spot(), key!.userId, await stops().cancel(key!.userId, oco.id));
  });
  route('GET', '/openOrderList', 6, 'read', async (_p, _r, key) => {
    const waiting = (await stops().open(key!.userId)).filter((s) => s.ocoOrder);
    return Promise.all(waiting.reverse().map((s) => ocoView(spot(), key!.userId, s)));
  });
  route('GET', '/allOrders', 20, 'read', async (p, _r, key) => {
    const m = p.symbol();
    return (
      await spot().ordersOf(key!.userId, { symbol: m.symbol, ...range(p, 'orderId'), limit: p.limit(500, 1000) })
    ).map(binanceOrder);
  });
  // ---- the user data stream's listen key (USER_STREAM: the key, no signature)
  const listenKeyOf = (p: BinanceParams) => {
    const k = p.has('listenKey') ? /^[0-9a-f]{60}$/.exec(p.clientIdLike('listenKey')) : null;
    if (!k) throw mandatory('listenKey');
    return k[0];
  };
  route('POST', '/userDataStream', 2, 'apikey', (_p, _r, key) => ({
    listenKey: deps.listenKeys.create(key!.userId, ctx.clock.now()),
  }));
  route('PUT', '/userDataStream', 2, 'apikey', (p, _r, key) => {
    if (!deps.listenKeys.keepAlive(key!.userId, listenKeyOf(p), ctx.clock.now()))
      throw new BinanceError(-1125, 'This listenKey does not exist.');
    return {};
  });
  route('DELETE', '/userDataStream', 2, 'apikey', (p, _r, key) => {
    if (!deps.listenKeys.close(key!.userId, listenKeyOf(p)))
      throw new BinanceError(-1125, 'This listenKey does not exist.');
    return {};
  });
  route('GET', '/myTrades', 20, 'read', async (p, _r, key) => {
    const m = p.symbol();
    const orderId = p.int('orderId', { min: 1, max: Number.MAX_SAFE_INTEGER });
    const fills = await spot().fillsOf(key!.userId, {
      symbol: m.symbol,
      ...range(p, 'fromId'),
      ...(orderId !== undefined ? { orderId } : {}),
      limit: p.limit(500, 1000),
    });
    return fills.map((f) => binanceMyTrade(m.symbol, f));
  });
}

function range(p: BinanceParams, idName: string) {
  return {
    fromId: p.int(idName, { min: 1, max: Number.MAX_SAFE_INTEGER }),
    startTime: p.int('startTime', { min: 0, max: 8.64e15 }),
    endTime: p.int('endTime', { min: 0, max: 8.64e15 }),
  };
}

function quoteQty(m: Market, price: string, qty: string): string {
  const ticks = priceToTicks(m, price);
  const lots = qtyToLots(m, qty);
  return ticks === null || lots === null ? '0' : quoteUnitsToText(m, notionalUnits(ticks, lots));
}

/** The order a call names: an order of the book, or a stop (by its id above STOP_ID_BASE, or its client id). */
async function findOrder(
  spot: SpotService,
  stops: SpotStopService,
  userId: number,
  p: BinanceParams,
): Promise<SpotOrder | StopOrder> {
  const m = p.symbol();
  const id = p.int('orderId', { min: 1, max: Number.MAX_SAFE_INTEGER });
  const clientId = p.clientId('origClientOrderId');
  if (id === undefined && clientId === undefined) throw mandatory('orderId');
  const missing = () => new BinanceError(-2013, 'Order does not exist.');
  let found: SpotOrder | StopOrder;
  if (id !== undefined) {
    found = isStopId(id)
      ? await stops.find(userId, { id: id - STOP_ID_BASE }).catch(() => {
          throw missing();
        })
      : await spot.detail(userId, id);
  } else {
    found = await spot
      .detailByClientOrderId(userId, clientId!)
      .catch(() => stops.find(userId, { clientOrderId: clientId! }))
      .catch(() => {
        throw missing();
      });
  }
  if (found.symbol !== m.symbol) throw missing();
  return found;
}

/** DELETE /order's answer for a stop. */
function stopCancel(o: Awaited<ReturnType<typeof stopAsOrder>>) {
  return {
    symbol: o.symbol,
    origClientOrderId: o.clientOrderId,
    orderId: o.orderId,
    orderListId: o.orderListId,
    clientOrderId: o.clientOrderId,
    transactTime: o.updateTime,
    price: o.price,
    origQty: o.origQty,
    executedQty: o.executedQty,
    origQuoteOrderQty: o.origQuoteOrderQty,
    cummulativeQuoteQty: o.cummulativeQuoteQty,
    status: o.status,
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    stopPrice: o.stopPrice,
    selfTradePreventionMode: 'NONE',
  };
}

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
const TIFS = ['GTC', 'IOC', 'FOK'] as const;
const RESP = ['ACK', 'RESULT', 'FULL'] as const;

/** Binance order parameters → the spot service's order, with Binance's refusals for what does not fit. */
function orderInput(p: BinanceParams, fallbackId: string) {
  const m = p.symbol();
  const side = p.oneOf('side', SIDES, () => new BinanceError(-1117, 'Invalid side.'));
  if (!side) throw mandatory('side');
  const type = p.oneOf('type', TYPES, () => new BinanceError(-1116, 'Invalid orderType.'));
  if (!type) throw mandatory('type');
  const tif = p.oneOf('timeInForce', TIFS, () => new BinanceError(-1115, 'Invalid timeInForce.'));
  const price = p.decimal('price');
  const quantity = p.decimal('quantity');
  const quoteOrderQty = p.decimal('quoteOrderQty');
  const clientOrderId = p.clientId('newClientOrderId') ?? fallbackId;
  const resp =
    p.oneOf('newOrderRespType', RESP, () => illegalValue('newOrderRespType')) ??
    (type === 'LIMIT_MAKER' ? 'ACK' : 'FULL');
  for (const unsupported of ['stopPrice', 'icebergQty', 'trailingDelta', 'strategyId']) {
    if (p.has(unsupported)) throw notRequired(unsupported);
  }
  const common = { clientOrderId, symbol: m.symbol, side: side === 'BUY' ? ('buy' as const) : ('sell' as const) };
  if (type === 'MARKET') {
    if (price !== undefined) throw notRequired('price');
    if (tif !== undefined) throw notRequired('timeInForce');
    if ((quantity === undefined) === (quoteOrderQty === undefined)) throw mandatory('quantity');
    if (quoteOrderQty !== undefined && side === 'SELL')
      throw new BinanceError(-1013, 'quoteOrderQty is accepted for MARKET BUY orders only.');
    return {
      resp,
      input: { ...common, type: 'market' as const, ...(quantity ? { quantity } : { quoteAmount: quoteOrderQty! }) },
    };
  }
  if (price === undefined) throw mandatory('price');
  if (quantity === undefined) throw mandatory('quantity');
  if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty');
  if (type === 'LIMIT' && tif === undefined) throw mandatory('timeInForce');
  if (type === 'LIMIT_MAKER' && tif !== undefined) throw notRequired('timeInForce');
  return {
    resp,
    input: {
      ...common,
      type: 'limit' as const,
      price,
      quantity,
      timeInForce: type === 'LIMIT_MAKER' ? ('POST_ONLY' as const) : tif!,
    },
  };
}

async function placeOrder(spot: SpotService, userId: number, p: BinanceParams) {
  // without a client id each request is a new order (Binance makes one up the same way)
  const { resp, input } = orderInput(p, `tm-${crypto.randomUUID().replaceAll('-', '').slice(0, 30)}`);
  const order = await spot.place(userId, input);
  if (input.type === 'limit' && input.timeInForce === 'POST_ONLY' && order.cancelReason === 'post-only-would-cross')
    throw new BinanceError(-2010, 'Order would immediately match and take.');
  const fills = resp === 'FULL' && order.status !== 'new' ? (await spot.detail(userId, order.id)).fills : [];
  return binanceOrderResult(order, resp, fills);
}
