import type { Candle, PublicTrade, SpotFill, SpotOrder, Ticker } from '@tidemark/contract/spot';
import type { Market } from '../spot/markets.ts';
import { binanceOrderStatus } from './binance-order-status.ts';

/** Our spot records in Binance's JSON shapes (decimal strings stay strings, times epoch ms). */

/** Self-trade prevention is EXPIRED_IN_MATCH; an order its own terms ended is EXPIRED. */
const ENDED_AS = new Map<string, string>([
  ['stp', 'EXPIRED_IN_MATCH'],
  ...['ioc-remainder', 'fok-unfillable', 'market-protection', 'no-liquidity', 'post-only-would-cross'].map(
    (reason): [string, string] => [reason, 'EXPIRED'],
  ),
]);

export const binanceStatus = (o: SpotOrder): string => binanceOrderStatus(o.status, o.cancelReason, ENDED_AS);

export function binanceType(o: SpotOrder): string {
  if (o.type === 'market') return 'MARKET';
  return o.timeInForce === 'POST_ONLY' ? 'LIMIT_MAKER' : 'LIMIT';
}

export function binanceOrder(o: SpotOrder) {
  const open = o.status === 'new' || o.status === 'partially_filled';
  return {
    symbol: o.symbol,
    orderId: o.id,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: o.price ?? '0',
    origQty: o.quantity ?? '0',
    executedQty: o.filledQuantity,
    cummulativeQuoteQty: o.turnover,
    status: binanceStatus(o),
    timeInForce: o.timeInForce && o.timeInForce !== 'POST_ONLY' ? o.timeInForce : 'GTC',
    type: binanceType(o),
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    stopPrice: '0',
    icebergQty: '0',
    time: o.createdAt,
    updateTime: o.updatedAt,
    isWorking: open,
    workingTime: o.createdAt,
    origQuoteOrderQty: o.quoteAmount ?? '0',
    selfTradePreventionMode: 'NONE',
  };
}

/** The answer to POST /api/v3/order with newOrderRespType ACK, RESULT or FULL. */
export function binanceOrderResult(o: SpotOrder, resp: 'ACK' | 'RESULT' | 'FULL', fills: SpotFill[]) {
  const ack = {
    symbol: o.symbol,
    orderId: o.id,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    transactTime: o.updatedAt,
  };
  if (resp === 'ACK') return ack;
  const full = binanceOrder(o);
  const result = {
    ...ack,
    price: full.price,
    origQty: full.origQty,
    executedQty: full.executedQty,
    origQuoteOrderQty: full.origQuoteOrderQty,
    cummulativeQuoteQty: full.cummulativeQuoteQty,
    status: full.status,
    timeInForce: full.timeInForce,
    type: full.type,
    side: full.side,
    workingTime: full.workingTime,
    selfTradePreventionMode: 'NONE',
  };
  if (resp === 'RESULT') return result;
  return {
    ...result,
    fills: fills.map((f) => ({
      price: f.price,
      qty: f.quantity,
      commission: f.fee,
      commissionAsset: f.feeCurrency,
      tradeId: f.tradeId,
    })),
  };
}

export function binanceCancel(o: SpotOrder) {
  const v = binanceOrder(o);
  return {
    symbol: v.symbol,
    origClientOrderId: v.clientOrderId,
    orderId: v.orderId,
    orderListId: -1,
    clientOrderId: v.clientOrderId,
    transactTime: o.updatedAt,
    price: v.price,
    origQty: v.origQty,
    executedQty: v.executedQty,
    origQuoteOrderQty: v.origQuoteOrderQty,
    cummulativeQuoteQty: v.cummulativeQuoteQty,
    status: v.status,
    timeInForce: v.timeInForce,
    type: v.type,
    side: v.side,
    selfTradePreventionMode: 'NONE',
  };
}

export function binanceMyTrade(symbol: string, f: SpotFill & { orderId: number; side: 'buy' | 'sell' }) {
  return {
    symbol,
    id: f.tradeId,
    orderId: f.orderId,
    orderListId: -1,
    price: f.price,
    qty: f.quantity,
    quoteQty: f.turnover,
    commission: f.fee,
    commissionAsset: f.feeCurrency,
    time: f.time,
    isBuyer: f.side === 'buy',
    isMaker: f.role === 'maker',
    isBestMatch: true,
  };
}

/** A public trade; quoteQty is computed by the caller's market as price × qty exactly. */
export function binanceTrade(t: PublicTrade, quoteQty: string) {
  return {
    id: t.id,
    price: t.price,
    qty: t.quantity,
    quoteQty,
    time: t.time,
    // the maker bought when the taker sold
    isBuyerMaker: t.side === 'sell',
    isBestMatch: true,
  };
}

export function binanceAggTrade(t: PublicTrade) {
  return { a: t.id, p: t.price, q: t.quantity, f: t.id, l: t.id, T: t.time, m: t.side === 'sell', M: true };
}

/** A kline row of Binance's spot and futures APIs alike (a futures contract's candle has the same fields). */
export function binanceKline(
  c: Pick<Candle, 'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'turnover' | 'trades'>,
  intervalMs: number,
) {
  // taker-buy volumes are not aggregated by our candles: reported as "0"
  return [
    c.time,
    c.open,
    c.high,
    c.low,
    c.close,
    c.volume,
    c.time + intervalMs - 1,
    c.turnover,
    c.trades,
    '0',
    '0',
    '0',
  ];
}

export function binanceTicker24h(
  t: Ticker,
  book: { bidPrice: string; bidQty: string; askPrice: string; askQty: string },
  window: { openTime: number },
) {
  const last = t.last ?? '0';
  return {
    symbol: t.symbol,
    priceChange: t.change,
    priceChangePercent: t.changePercent,
    weightedAvgPrice: weightedAverage(t.turnover, t.volume, last),
    prevClosePrice: t.open ?? '0',
    lastPrice: last,
    lastQty: '0',
    ...book,
    openPrice: t.open ?? '0',
    highPrice: t.high ?? '0',
    lowPrice: t.low ?? '0',
    volume: t.volume,
    quoteVolume: t.turnover,
    openTime: window.openTime,
    closeTime: t.time,
    firstId: -1,
    lastId: -1,
    count: 0,
  };
}

/** turnover / volume at 8 decimals, truncated (a display value, never booked). */
function weightedAverage(turnover: string, volume: string, fallback: string): string {
  const scale = 8;
  const toUnits = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i! + f.padEnd(scale, '0').slice(0, scale));
  };
  const v = toUnits(volume);
  if (v === 0n) return fallback;
  const q = (toUnits(turnover) * 10n ** BigInt(scale)) / v;
  const s = q.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

export function binanceSymbol(m: Market) {
  return {
    symbol: m.symbol,
    status: 'TRADING',
    baseAsset: m.base,
    baseAssetPrecision: m.baseScale,
    quoteAsset: m.quote,
    quotePrecision: m.quoteScale,
    quoteAssetPrecision: m.quoteScale,
    baseCommissionPrecision: m.baseScale,
    quoteCommissionPrecision: m.quoteScale,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT'],
    icebergAllowed: false,
    ocoAllowed: true,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: m.tickSize, maxPrice: '1000000000', tickSize: m.tickSize },
      { filterType: 'LOT_SIZE', minQty: m.stepSize, maxQty: '9000000000', stepSize: m.stepSize },
      { filterType: 'MARKET_LOT_SIZE', minQty: '0', maxQty: '9000000000', stepSize: m.stepSize },
      { filterType: 'MIN_NOTIONAL', minNotional: m.minNotional, applyToMarket: true, avgPriceMins: 0 },
      {
        filterType: 'NOTIONAL',
        minNotional: m.minNotional,
        applyMinToMarket: true,
        maxNotional: '9000000000',
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}
