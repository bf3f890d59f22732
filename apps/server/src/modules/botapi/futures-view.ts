import type {
  FundingInfo,
  FuturesAccount,
  FuturesContract,
  FuturesOrder,
  FuturesPosition,
  FuturesSetting,
} from '@tidemark/contract/futures';
import { formatFixed, parseFixed } from '@tidemark/futures-math';
import type { ContractDayStats } from '../futures/market-data.ts';
import type { FuturesFill } from '../futures/order-queries.ts';
import { binanceOrderStatus } from './binance-order-status.ts';

/**
 * Our futures records in the shapes of Binance's USDⓈ-M API (/fapi): decimal strings stay strings, times are
 * epoch ms, positions are one-way ("BOTH"). Sums of amounts are done on integers at a fixed scale, never floats.
 */

/** Decimal strings are added at 8 decimals: every USDT amount (6) and rate (8) fits exactly. */
const SCALE = 8;
const units = (x: string | null | undefined) => parseFixed(x ?? '0', SCALE);
const text = (v: bigint) => formatFixed(v, SCALE);
const sum = (...xs: Array<string | null | undefined>) => text(xs.reduce((a, x) => a + units(x), 0n));
const neg = (x: string) => text(-units(x));

const decimalsOf = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);

/** Binance's "perpetual" delivery date (2100-12-25), which clients read as "no expiry". */
const PERPETUAL_DELIVERY = 4133404800000;

/** Orders may be priced at most this far from the mark (the futures module's band), as PERCENT_PRICE. */
const PRICE_BAND = { up: '1.0500', down: '0.9500' };

export function fapiSymbol(c: FuturesContract) {
  return {
    symbol: c.symbol,
    pair: c.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: PERPETUAL_DELIVERY,
    onboardDate: 0,
    status: 'TRADING',
    maintMarginPercent: '0',
    requiredMarginPercent: '0',
    baseAsset: c.base,
    quoteAsset: c.quote,
    marginAsset: 'USDT',
    pricePrecision: decimalsOf(c.tickSize),
    quantityPrecision: decimalsOf(c.stepSize),
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    settlePlan: 0,
    triggerProtect: '0',
    liquidationFee: c.liquidationFee,
    marketTakeBound: '0.05',
    maxMoveOrderLimit: 0,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: c.tickSize, maxPrice: '1000000000', tickSize: c.tickSize },
      { filterType: 'LOT_SIZE', minQty: c.stepSize, maxQty: '9000000000', stepSize: c.stepSize },
      { filterType: 'MARKET_LOT_SIZE', minQty: c.stepSize, maxQty: '9000000000', stepSize: c.stepSize },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MIN_NOTIONAL', notional: c.minNotional },
      {
        filterType: 'PERCENT_PRICE',
        multiplierUp: PRICE_BAND.up,
        multiplierDown: PRICE_BAND.down,
        multiplierDecimal: '4',
      },
    ],
    orderTypes: ['LIMIT', 'MARKET'],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
  };
}

/** The brackets of GET /fapi/v1/leverageBracket (notional values in USDT). */
export function fapiBrackets(c: FuturesContract) {
  return {
    symbol: c.symbol,
    notionalCoef: 1,
    brackets: c.tiers.map((t) => ({
      bracket: t.bracket,
      initialLeverage: t.maxLeverage,
      notionalCap: t.notionalCap,
      notionalFloor: t.notionalFloor,
      maintMarginRatio: t.maintMarginRatio,
      cum: t.maintAmount,
    })),
  };
}

/** The largest position value allowed at `leverage` (the cap of the last tier that allows it). */
export function maxNotionalAt(c: FuturesContract, leverage: number): string {
  let cap = '0';
  for (const t of c.tiers) if (t.maxLeverage >= leverage) cap = t.notionalCap;
  return cap;
}

/** value × the bracket's maintenance ratio − its maintenance amount, rounded up to the USDT minor unit. */
export function maintMarginOf(c: FuturesContract, value: string): string {
  const v = units(value);
  const tier = c.tiers.find((t) => v >= units(t.notionalFloor) && v < units(t.notionalCap)) ?? c.tiers.at(-1);
  if (!tier) return '0';
  const one = 10n ** BigInt(SCALE);
  const product = v * units(tier.maintMarginRatio);
  const scaled = product / one + (product % one > 0n ? 1n : 0n) - units(tier.maintAmount);
  const usdtUnit = 10n ** BigInt(SCALE - 6);
  const rounded = ((scaled + usdtUnit - 1n) / usdtUnit) * usdtUnit;
  return text(rounded > 0n ? rounded : 0n);
}

/** An order its own terms ended is EXPIRED. */
const ENDED_AS = new Map(
  ['ioc-remainder', 'fok-unfillable', 'no-liquidity', 'post-only-would-cross'].map((reason) => [reason, 'EXPIRED']),
);

export const fapiStatus = (o: FuturesOrder): string => binanceOrderStatus(o.status, o.cancelReason, ENDED_AS);

/** Binance's time in force: post-only is GTX; a market order reads GTC, as on Binance. */
function timeInForceOf(o: FuturesOrder): string {
  if (o.type === 'market') return 'GTC';
  return o.postOnly ? 'GTX' : o.timeInForce;
}

/** An order as GET/POST/DELETE /fapi/v1/order answer it. */
export function fapiOrder(o: FuturesOrder) {
  const type = o.type === 'market' ? 'MARKET' : 'LIMIT';
  return {
    orderId: o.id,
    symbol: o.symbol,
    status: fapiStatus(o),
    clientOrderId: o.clientOrderId,
    price: o.price ?? '0',
    avgPrice: o.averagePrice ?? '0',
    origQty: o.quantity,
    executedQty: o.filledQuantity,
    cumQty: o.filledQuantity,
    cumQuote: o.turnover,
    timeInForce: timeInForceOf(o),
    type,
    reduceOnly: o.reduceOnly,
    closePosition: false,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: type,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: o.createTime,
    updateTime: o.updateTime,
  };
}

export function fapiUserTrade(f: FuturesFill) {
  return {
    symbol: f.symbol,
    id: f.tradeId,
    orderId: f.orderId,
    side: f.side === 'buy' ? 'BUY' : 'SELL',
    price: f.price,
    qty: f.quantity,
    realizedPnl: f.realizedPnl,
    quoteQty: f.turnover,
    commission: f.fee,
    commissionAsset: 'USDT',
    time: f.time,
    positionSide: 'BOTH',
    buyer: f.side === 'buy',
    maker: f.role === 'maker',
  };
}

/** (last − open) / open × 100 at 3 decimals, truncated toward zero (a display value, never booked). */
function changePercent(open: string, last: string): string {
  const o = units(open);
  if (o === 0n) return '0.000';
  const scaled = ((units(last) - o) * 100_000n) / o;
  const sign = scaled < 0n ? '-' : '';
  const abs = (scaled < 0n ? -scaled : scaled).toString().padStart(4, '0');
  return `${sign}${abs.slice(0, -3)}.${abs.slice(-3)}`;
}

export function fapiTicker24h(symbol: string, s: ContractDayStats) {
  const last = s.last ?? '0';
  const open = s.open ?? '0';
  return {
    symbol,
    priceChange: sum(last, neg(open)),
    priceChangePercent: changePercent(open, last),
    weightedAvgPrice: s.averagePrice ?? last,
    lastPrice: last,
    lastQty: s.lastQty ?? '0',
    openPrice: open,
    highPrice: s.high ?? '0',
    lowPrice: s.low ?? '0',
    volume: s.volume,
    quoteVolume: s.turnover,
    openTime: s.openTime,
    closeTime: s.closeTime,
    firstId: s.firstId ?? -1,
    lastId: s.lastId ?? -1,
    count: s.trades,
  };
}

/**
 * GET /fapi/v1/premiumIndex. `lastFundingRate` is, as on Binance, the rate the next settlement will apply as it
 * stands now (our predicted rate); `interestRate` is the contract's interest component per interval.
 */
export function fapiPremiumIndex(c: FuturesContract, f: FundingInfo, now: number) {
  return {
    symbol: c.symbol,
    markPrice: c.markPrice ?? '0',
    indexPrice: c.indexPrice ?? '0',
    estimatedSettlePrice: c.indexPrice ?? '0',
    lastFundingRate: f.predictedRate,
    interestRate: f.interestRate,
    nextFundingTime: f.nextFundingTime,
    time: now,
  };
}

/**
 * One position row of positionRisk / account (v2 and v3 fields together): positionAmt and notional are signed
 * (short negative); a contract without a position is all zeros with the user's leverage and margin type.
 */
export function fapiPosition(c: FuturesContract, setting: FuturesSetting, p: FuturesPosition | undefined) {
  const sign = (x: string) => (p?.direction === 'short' ? neg(x) : x);
  const isolated = (p?.marginMode ?? setting.marginMode) === 'isolated';
  const leverage = p?.leverage ?? setting.leverage;
  const margin = p?.margin ?? '0';
  const upnl = p?.unrealizedPnl ?? '0';
  return {
    symbol: c.symbol,
    positionSide: 'BOTH',
    positionAmt: p ? sign(p.quantity) : '0',
    entryPrice: p?.openPrice ?? '0',
    breakEvenPrice: '0',
    markPrice: p?.markPrice ?? c.markPrice ?? '0',
    unRealizedProfit: upnl,
    liquidationPrice: p?.estimatedLiquidationPrice ?? '0',
    leverage: String(leverage),
    maxNotionalValue: maxNotionalAt(c, leverage),
    marginType: isolated ? 'isolated' : 'cross',
    isolatedMargin: isolated ? sum(margin, upnl) : '0',
    isolatedWallet: isolated ? margin : '0',
    isAutoAddMargin: 'false',
    notional: p?.positionValue ? sign(p.positionValue) : '0',
    marginAsset: 'USDT',
    initialMargin: margin,
    positionInitialMargin: margin,
    openOrderInitialMargin: '0',
    adl: p?.adlRank ?? 0,
    bidNotional: '0',
    askNotional: '0',
    maintMargin: p?.positionValue ? maintMarginOf(c, p.positionValue) : '0',
    updateTime: p ? p.openTime : 0,
  };
}

/** The USDT asset of the futures wallet in Binance's terms: wallet balance excludes uPnL, margin balance includes it. */
export function fapiAsset(a: FuturesAccount, now: number) {
  const wallet = sum(a.available, a.frozen, a.positionMargin);
  return {
    asset: 'USDT',
    walletBalance: wallet,
    unrealizedProfit: a.unrealizedPnl,
    marginBalance: a.equity,
    maintMargin: '0',
    initialMargin: sum(a.frozen, a.positionMargin),
    positionInitialMargin: a.positionMargin,
    openOrderInitialMargin: a.frozen,
    crossWalletBalance: wallet,
    crossUnPnl: a.unrealizedPnl,
    availableBalance: a.available,
    maxWithdrawAmount: a.available,
    marginAvailable: true,
    updateTime: now,
  };
}

/** GET /fapi/v2/balance and /fapi/v3/balance. */
export function fapiBalance(a: FuturesAccount, now: number, accountAlias: string) {
  const x = fapiAsset(a, now);
  return [
    {
      accountAlias,
      asset: 'USDT',
      balance: x.walletBalance,
      crossWalletBalance: x.crossWalletBalance,
      crossUnPnl: x.crossUnPnl,
      availableBalance: x.availableBalance,
      maxWithdrawAmount: x.maxWithdrawAmount,
      marginAvailable: true,
      updateTime: now,
    },
  ];
}

/** GET /fapi/v2/account and /fapi/v3/account (v2 adds the account flags). */
export function fapiAccount(
  a: FuturesAccount,
  positions: Array<ReturnType<typeof fapiPosition>>,
  now: number,
  v2: { canTrade: boolean } | null,
) {
  const x = { ...fapiAsset(a, now), maintMargin: sum(...positions.map((p) => p.maintMargin)) };
  return {
    ...(v2 ? { feeTier: 0, canTrade: v2.canTrade, canDeposit: true, canWithdraw: false, updateTime: now } : {}),
    totalInitialMargin: x.initialMargin,
    totalMaintMargin: x.maintMargin,
    totalWalletBalance: x.walletBalance,
    totalUnrealizedProfit: x.unrealizedProfit,
    totalMarginBalance: x.marginBalance,
    totalPositionInitialMargin: x.positionInitialMargin,
    totalOpenOrderInitialMargin: x.openOrderInitialMargin,
    totalCrossWalletBalance: x.crossWalletBalance,
    totalCrossUnPnl: x.crossUnPnl,
    availableBalance: x.availableBalance,
    maxWithdrawAmount: x.maxWithdrawAmount,
    assets: [x],
    positions,
  };
}
