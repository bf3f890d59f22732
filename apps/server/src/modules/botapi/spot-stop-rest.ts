import crypto from 'node:crypto';
import type { PlaceStopRequest, StopOrder } from '@tidemark/contract/spot-stops';
import type { SpotService } from '../spot/spot.service.ts';
import type { SpotStopService } from '../spot/stop-orders.service.ts';
import { BinanceError, mandatory, notRequired } from './binance-error.ts';
import type { BinanceParams } from './binance-params.ts';
import { binanceOrder } from './binance-view.ts';

/**
 * Spot stop orders in Binance's shapes (decision 0024 behind them, the same `SpotStopService` as the app):
 * `STOP_LOSS` (stop-market) and `STOP_LOSS_LIMIT` (stop-limit) on POST /api/v3/order, and OCO on
 * POST /api/v3/order/oco with the order-list calls. A stop waits outside the book, so it has no order id of its
 * own in the order table: Binance clients see it under `STOP_ID_BASE + stop id` (one number space for GET /
 * DELETE /order, far above any order id); an OCO's `orderListId` is its stop id. Once fired, the stop reads as
 * the order it placed (status, fills), keeping its own id, type and stop price, as Binance shows a triggered
 * stop.
 *
 * Our stops trigger on the last trade and their direction follows the side (a buy stop above the price, a sell
 * stop below): Binance's STOP_LOSS types. TAKE_PROFIT types trigger the other way and are refused (-1116), as is
 * a stop already crossed (our STOP_PRICE_CROSSED, under -2010 "would trigger immediately").
 */

export const STOP_ID_BASE = 1_000_000_000_000_000;
export const STOP_TYPES = ['STOP_LOSS', 'STOP_LOSS_LIMIT'] as const;
const UNSERVED_TYPES = ['TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'];

/** Our stop refusals as Binance reports them (added to the spot API's own codes). */
export const STOP_ERROR_CODES: Record<string, [code: number, msg: string]> = {
  STOP_PRICE_CROSSED: [-2010, 'Order would trigger immediately.'],
  NO_LAST_PRICE: [-2010, 'Order would trigger immediately.'],
  OCO_LIMIT_PRICE: [-2010, 'The relationship of the prices for the orders is not correct.'],
};

export const isStopId = (orderId: number) => orderId >= STOP_ID_BASE;

/** Whether a POST /order asks for a stop (by its `type`); a TAKE_PROFIT type is refused here. */
export function wantsStop(p: BinanceParams): boolean {
  // only read here: a malformed type is refused by the order's own checks (-1116)
  let type: string | undefined;
  try {
    type = p.matching('type', /^[A-Z_]{1,20}$/);
  } catch {
    return false;
  }
  if (type && UNSERVED_TYPES.includes(type)) throw new BinanceError(-1116, 'Invalid orderType.');
  return type === 'STOP_LOSS' || type === 'STOP_LOSS_LIMIT';
}

const newId = () => `tm-${crypto.randomUUID().replaceAll('-', '').slice(0, 30)}`;
const sideOf = (p: BinanceParams) => {
  const side = p.oneOf('side', ['BUY', 'SELL'] as const, () => new BinanceError(-1117, 'Invalid side.'));
  if (!side) throw mandatory('side');
  return side === 'BUY' ? ('buy' as const) : ('sell' as const);
};

/** POST /api/v3/order with type STOP_LOSS / STOP_LOSS_LIMIT. */
export async function placeStopOrder(stops: SpotStopService, userId: number, p: BinanceParams) {
  const m = p.symbol();
  const side = sideOf(p);
  const type = p.oneOf('type', STOP_TYPES, () => new BinanceError(-1116, 'Invalid orderType.'))!;
  const stopPrice = p.decimal('stopPrice');
  if (stopPrice === undefined) throw mandatory('stopPrice');
  const price = p.decimal('price');
  const quantity = p.decimal('quantity');
  const quoteOrderQty = p.decimal('quoteOrderQty');
  for (const unsupported of ['icebergQty', 'trailingDelta', 'strategyId']) {
    if (p.has(unsupported)) throw notRequired(unsupported);
  }
  const tif = p.oneOf('timeInForce', ['GTC'] as const, () => new BinanceError(-1115, 'Invalid timeInForce.'));
  const common = { clientOrderId: p.clientId('newClientOrderId') ?? newId(), symbol: m.symbol, side, stopPrice };
  let input: PlaceStopRequest;
  if (type === 'STOP_LOSS') {
    if (price !== undefined) throw notRequired('price');
    if (tif !== undefined) throw notRequired('timeInForce');
    // a stop-market buy spends a USDT amount: what it freezes must be known when it is placed (decision 0024)
    if (side === 'buy') {
      if (quantity !== undefined) throw new BinanceError(-1013, 'A STOP_LOSS BUY takes quoteOrderQty, not quantity.');
      if (quoteOrderQty === undefined) throw mandatory('quoteOrderQty');
      input = { ...common, type: 'stop_market', quoteAmount: quoteOrderQty };
    } else {
      if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty');
      if (quantity === undefined) throw mandatory('quantity');
      input = { ...common, type: 'stop_market', quantity };
    }
  } else {
    if (price === undefined) throw mandatory('price');
    if (quantity === undefined) throw mandatory('quantity');
    if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty');
    if (tif === undefined) throw mandatory('timeInForce');
    input = { ...common, type: 'stop_limit', price, quantity };
  }
  const s = await stops.place(userId, input);
  return {
    symbol: s.symbol,
    orderId: STOP_ID_BASE + s.id,
    orderListId: -1,
    clientOrderId: s.clientOrderId,
    transactTime: s.createdAt,
  };
}

/** POST /api/v3/order/oco: a limit order at `price` plus a stop at `stopPrice` (stop-limit at `stopLimitPrice`). */
export async function placeOco(stops: SpotStopService, spot: SpotService, userId: number, p: BinanceParams) {
  const m = p.symbol();
  const side = sideOf(p);
  const quantity = p.decimal('quantity');
  const price = p.decimal('price');
  const stopPrice = p.decimal('stopPrice');
  const stopLimitPrice = p.decimal('stopLimitPrice');
  if (quantity === undefined) throw mandatory('quantity');
  if (price === undefined) throw mandatory('price');
  if (stopPrice === undefined) throw mandatory('stopPrice');
  const stif = p.oneOf('stopLimitTimeInForce', ['GTC'] as const, () => new BinanceError(-1115, 'Invalid timeInForce.'));
  if (stopLimitPrice !== undefined && stif === undefined) throw mandatory('stopLimitTimeInForce');
  for (const unsupported of ['limitIcebergQty', 'stopIcebergQty', 'trailingDelta', 'quoteOrderQty']) {
    if (p.has(unsupported)) throw notRequired(unsupported);
  }
  const s = await stops.place(userId, {
    clientOrderId: p.clientId('listClientOrderId') ?? newId(),
    symbol: m.symbol,
    side,
    type: 'oco',
    price,
    quantity,
    stopPrice,
    ...(stopLimitPrice !== undefined ? { stopLimitPrice } : {}),
  });
  return orderList(s, await stopReports(spot, userId, s));
}

/** A stop as a Binance order: waiting → NEW; fired → the state of the order it placed; cancelled → CANCELED. */
export async function stopAsOrder(spot: SpotService, userId: number, s: StopOrder) {
  const fired = s.orderId === null ? null : await spot.detail(userId, s.orderId);
  const side = s.side === 'buy' ? 'BUY' : 'SELL';
  // before it fires a stop is not working (Binance: isWorking false, workingTime -1) and has traded nothing
  const base = fired
    ? binanceOrder(fired)
    : {
        symbol: s.symbol,
        executedQty: '0',
        cummulativeQuoteQty: '0',
        timeInForce: 'GTC',
        side,
        icebergQty: '0',
        updateTime: s.updatedAt,
        isWorking: false,
        workingTime: -1,
        selfTradePreventionMode: 'NONE',
        status: '',
      };
  const status = fired
    ? base.status
    : s.status === 'waiting'
      ? 'NEW'
      : s.cancelReason === 'user'
        ? 'CANCELED'
        : 'EXPIRED';
  return {
    ...base,
    orderId: STOP_ID_BASE + s.id,
    orderListId: s.ocoOrder ? s.id : -1,
    clientOrderId: s.clientOrderId,
    price: s.price ?? '0',
    origQty: s.quantity ?? '0',
    origQuoteOrderQty: s.quoteAmount ?? '0',
    status,
    type: s.type === 'stop_limit' ? 'STOP_LOSS_LIMIT' : 'STOP_LOSS',
    stopPrice: s.stopPrice,
    time: s.createdAt,
  };
}

/** Both legs of an OCO (or the stop alone) as Binance's order reports. */
async function stopReports(spot: SpotService, userId: number, s: StopOrder) {
  const legs = [await stopAsOrder(spot, userId, s)];
  if (s.ocoOrder) legs.push({ ...binanceOrder(s.ocoOrder), orderListId: s.id, type: 'LIMIT_MAKER' });
  return legs;
}

/** An OCO in Binance's order-list shape. */
export function orderList(s: StopOrder, reports: Array<{ orderId: number; clientOrderId: string; symbol: string }>) {
  const done = s.status !== 'waiting';
  return {
    orderListId: s.id,
    contingencyType: 'OCO',
    listStatusType: done ? 'ALL_DONE' : 'EXEC_STARTED',
    listOrderStatus: done ? 'ALL_DONE' : 'EXECUTING',
    listClientOrderId: s.clientOrderId,
    transactionTime: s.updatedAt,
    symbol: s.symbol,
    orders: reports.map((r) => ({ symbol: r.symbol, orderId: r.orderId, clientOrderId: r.clientOrderId })),
    orderReports: reports,
  };
}

/** The OCO a call names by `orderListId` or `listClientOrderId` (-2011 / -2013 as Binance when there is none). */
export async function findOco(stops: SpotStopService, userId: number, p: BinanceParams): Promise<StopOrder> {
  const m = p.symbol();
  const id = p.int('orderListId', { min: 1, max: STOP_ID_BASE - 1 });
  const clientId = p.clientId('listClientOrderId');
  if (id === undefined && clientId === undefined) throw mandatory('orderListId');
  const s = await stops.find(userId, id !== undefined ? { id } : { clientOrderId: clientId! }).catch(() => {
    throw new BinanceError(-2011, 'Order list does not exist.');
  });
  if (s.symbol !== m.symbol || !s.ocoOrder) throw new BinanceError(-2011, 'Order list does not exist.');
  return s;
}

export async function ocoView(spot: SpotService, userId: number, s: StopOrder) {
  return orderList(s, await stopReports(spot, userId, s));
}
