import { z } from 'zod';
import { epochMsField, pageField, pageSizeField } from './numbers.ts';
import { asciiText, text } from './text.ts';
import { CANDLE_INTERVALS, CANDLE_INTERVAL_NAMES, type CandleInterval } from './candle-intervals.ts';

/**
 * Spot trading and market data shared by the server and the apps (product spec §2–§4, DESIGN.md §4).
 * Every amount and price is a decimal string; every time is epoch milliseconds. The zod messages are
 * message keys the server localizes (and the web maps to its own translations).
 *
 * App calls (POST, JSON body, answered in the `{code, message, data}` envelope):
 *   /api/xb/v1/spot/markets        {}                                   → SpotMarket[]
 *   /api/xb/v1/spot/tickers        {symbol?}                            → Ticker[]
 *   /api/xb/v1/spot/depth          DepthRequest                         → DepthSnapshot
 *   /api/xb/v1/spot/trades         TradesRequest                        → PublicTrade[]
 *   /api/xb/v1/spot/candles        CandlesRequest                       → Candle[]
 *   /api/xb/v1/spot/coin/info      CoinInfoRequest                      → CoinInfo
 *   /api/xb/v1/spot/order/place    PlaceOrderRequest   (signed in)      → SpotOrder
 *   /api/xb/v1/spot/order/cancel   CancelOrderRequest  (signed in)      → SpotOrder
 *   /api/xb/v1/spot/order/cancel-all CancelAllRequest  (signed in)      → { cancelled: number }
 *   /api/xb/v1/spot/orders/open    OpenOrdersRequest   (signed in)      → SpotOrder[]
 *   /api/xb/v1/spot/orders/history OrderHistoryRequest (signed in)      → Page<SpotOrder>
 *   /api/xb/v1/spot/order/detail   OrderDetailRequest  (signed in)      → SpotOrderDetail
 * Real time: one WebSocket at `/ws` (root, not under /api); see WsClientMessage / WsServerMessage below.
 */

// ---------------------------------------------------------------------------------------------
// Coins and their icon ids
// ---------------------------------------------------------------------------------------------

// in a module of their own so the web app can read them without loading the schemas (and zod)
export { COIN_TYPES, type CoinCode } from './coins.ts';

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

const DECIMAL_RULE = /^\d{1,30}(\.\d{1,30})?$/;

/** A non-negative decimal string (no sign, no exponent). */
export const decimalField = asciiText({ message: 'spot.decimalInvalid', max: 80 }).regex(
  DECIMAL_RULE,
  'spot.decimalInvalid',
);

/** A decimal string above zero (spec §5 "amount must be greater than zero"). */
export const positiveDecimalField = decimalField.refine((v) => /[1-9]/.test(v), 'spot.amountNotPositive');

export const symbolField = asciiText({ message: 'spot.unknownSymbol', max: 40 })
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/, 'spot.unknownSymbol');

/** A caller-chosen id that makes a placement idempotent: a retry returns the first result. */
export const clientOrderIdField = asciiText({ message: 'spot.clientOrderIdInvalid', max: 64 }).regex(
  /^[A-Za-z0-9_.:-]{1,64}$/,
  'spot.clientOrderIdInvalid',
);

export const SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof SIDES)[number];
export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** GTC rests; IOC cancels the unfilled rest; FOK fills completely or not at all; POST_ONLY never takes. */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/**
 * new: resting, nothing filled; partially_filled: resting with fills; filled: done;
 * cancelled: ended with an unfilled rest (by the user, revoke, IOC/FOK/post-only, or a market order
 * that found no more liquidity) — `filledQuantity` says whether anything traded first.
 */
export const ORDER_STATUSES = ['new', 'partially_filled', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CANCEL_REASONS = [
  'user',
  'ioc-remainder',
  'fok-unfillable',
  'post-only-would-cross',
  'stp',
  'market-protection',
  'no-liquidity',
  // the limit leg of an OCO pair whose stop leg fired (spot-stops.ts)
  'oco-triggered',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

// The candle intervals live without zod in candle-intervals.ts, which the web app's chart also reads.
export { CANDLE_INTERVALS, CANDLE_INTERVAL_NAMES, type CandleInterval } from './candle-intervals.ts';

/** Weeks start on Monday 00:00 UTC (1970-01-05), not on the Thursday of the epoch. */
export const WEEK_ALIGN_MS = 4 * 86_400_000;

/** The open time of the candle of `interval` that holds the instant `ts` (epoch ms). */
export function candleOpenTime(ts: number, interval: CandleInterval): number {
  const ms = CANDLE_INTERVALS[interval];
  const align = interval === '1W' ? WEEK_ALIGN_MS : 0;
  return Math.floor((ts - align) / ms) * ms + align;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * limit: `price` and `quantity` (base). market: `quantity` (base), or for a buy `quoteAmount` (USDT to
 * spend). `timeInForce` applies to limit orders (default GTC); a market order takes what it can and
 * cancels the rest.
 */
export const PlaceOrderRequest = z
  .object({
    clientOrderId: clientOrderIdField,
    symbol: symbolField,
    side: z.enum(SIDES, 'spot.sideInvalid'),
    type: z.enum(ORDER_TYPES, 'spot.typeInvalid'),
    price: positiveDecimalField.optional(),
    quantity: positiveDecimalField.optional(),
    quoteAmount: positiveDecimalField.optional(),
    timeInForce: z.enum(TIME_IN_FORCE, 'spot.timeInForceInvalid').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'limit') {
      if (v.price === undefined) ctx.addIssue({ code: 'custom', message: 'spot.priceRequired', path: ['price'] });
      if (v.quantity === undefined)
        ctx.addIssue({ code: 'custom', message: 'spot.amountNotPositive', path: ['quantity'] });
      if (v.quoteAmount !== undefined)
        ctx.addIssue({ code: 'custom', message: 'spot.quoteAmountMarketOnly', path: ['quoteAmount'] });
      return;
    }
    if (v.price !== undefined) ctx.addIssue({ code: 'custom', message: 'spot.priceNotAllowed', path: ['price'] });
    if (v.timeInForce !== undefined && v.timeInForce !== 'IOC')
      ctx.addIssue({ code: 'custom', message: 'spot.timeInForceInvalid', path: ['timeInForce'] });
    if (v.quoteAmount !== undefined) {
      if (v.side !== 'buy') ctx.addIssue({ code: 'custom', message: 'spot.quoteAmountBuyOnly', path: ['quoteAmount'] });
      if (v.quantity !== undefined)
        ctx.addIssue({ code: 'custom', message: 'spot.quantityOrQuote', path: ['quantity'] });
    } else if (v.quantity === undefined) {
      ctx.addIssue({ code: 'custom', message: 'spot.amountNotPositive', path: ['quantity'] });
    }
  });
export type PlaceOrderRequest = z.input<typeof PlaceOrderRequest>;

/** An order's number; anything else is answered as an order that does not exist. */
const orderIdField = z.coerce.number('spot.orderNotFound').int().positive().max(Number.MAX_SAFE_INTEGER);

export const CancelOrderRequest = z.object({ orderId: orderIdField });
export type CancelOrderRequest = z.input<typeof CancelOrderRequest>;

/** "Revoke" (spec §4): cancels every open order of the caller, in one market or in all. */
export const CancelAllRequest = z.object({ symbol: symbolField.optional() });
export type CancelAllRequest = z.input<typeof CancelAllRequest>;

export const OpenOrdersRequest = z.object({ symbol: symbolField.optional() });
export type OpenOrdersRequest = z.input<typeof OpenOrdersRequest>;

export const OrderHistoryRequest = z.object({
  symbol: symbolField.optional(),
  page: pageField,
  size: pageSizeField,
});
export type OrderHistoryRequest = z.input<typeof OrderHistoryRequest>;

export const OrderDetailRequest = z.object({ id: orderIdField });
export type OrderDetailRequest = z.input<typeof OrderDetailRequest>;

export const TickersRequest = z.object({ symbol: symbolField.optional() });
export type TickersRequest = z.input<typeof TickersRequest>;

export const DepthRequest = z.object({ symbol: symbolField, limit: z.number().int().min(1).max(200).default(20) });
export type DepthRequest = z.input<typeof DepthRequest>;

export const TradesRequest = z.object({ symbol: symbolField, limit: z.number().int().min(1).max(200).default(50) });
export type TradesRequest = z.input<typeof TradesRequest>;

/** `from`/`to` bound the candles' open times; at most `limit` candles, the latest ones. */
export const CandlesRequest = z.object({
  symbol: symbolField,
  interval: z.enum(CANDLE_INTERVAL_NAMES, 'spot.intervalInvalid'),
  from: epochMsField.optional(),
  to: epochMsField.optional(),
  limit: z.number().int().min(1).max(1000).default(500),
});
export type CandlesRequest = z.input<typeof CandlesRequest>;

export const CoinInfoRequest = z.object({ coinType: z.coerce.number('spot.unknownCoin').int().min(0).max(100_000) });
export type CoinInfoRequest = z.input<typeof CoinInfoRequest>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface SpotMarket {
  symbol: string; // "BTCUSDT"
  name: string; // "BTC/USDT"
  base: string;
  quote: string;
  coinType: number;
  tickSize: string; // price step
  stepSize: string; // quantity step
  minNotional: string; // least price × quantity (USDT)
  makerFee: string; // rate, e.g. "0.001" = 0.1 %
  takerFee: string;
  pricePrecision: number; // decimals of tickSize
  quantityPrecision: number; // decimals of stepSize
}

export interface SpotOrder {
  id: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce | null;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  /** Limit price; null for a market order. */
  price: string | null;
  /** Ordered base quantity; null for a market buy by quote amount. */
  quantity: string | null;
  /** For a market buy by quote: the USDT to spend. */
  quoteAmount: string | null;
  filledQuantity: string;
  /** Unfilled quantity (spec "unfilled quantity"); null for a market buy by quote amount. */
  unfilledQuantity: string | null;
  /** Spec "total amount": price × quantity for a limit order, the quote amount for a market buy by quote, else null. */
  totalAmount: string | null;
  /** Spec "turnover": USDT traded so far (Σ price × quantity of the fills). */
  turnover: string;
  /** turnover / filledQuantity, or null before the first fill. */
  averagePrice: string | null;
  /** Fees paid so far, in `feeCurrency`: always the quote currency (USDT), on buys and on sells. */
  fee: string;
  feeCurrency: string;
  createdAt: number;
  updatedAt: number;
}

/** One fill of an order, from that order's point of view. */
export interface SpotFill {
  tradeId: number;
  price: string;
  quantity: string;
  turnover: string;
  fee: string;
  feeCurrency: string;
  role: 'maker' | 'taker';
  time: number;
}

export interface SpotOrderDetail extends SpotOrder {
  fills: SpotFill[];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** A trade in the public tape; `side` is the taker's; `demo` marks a trade of the demo taker flow. */
export interface PublicTrade {
  id: number;
  symbol: string;
  price: string;
  quantity: string;
  side: OrderSide;
  time: number;
  demo: boolean;
}

/** 24-hour rolling statistics from the platform's own trades. */
export interface Ticker {
  symbol: string;
  coinType: number;
  last: string | null;
  open: string | null; // the price 24 hours ago (first trade in the window)
  change: string; // last − open (may start with "-")
  changePercent: string; // e.g. "-1.25"
  high: string | null;
  low: string | null;
  volume: string; // base traded in 24 h, without trades between two platform accounts
  turnover: string; // USDT traded in 24 h, without trades between two platform accounts
  /** Base traded in 24 h between the platform's own accounts (market maker, demo taker): NOT in `volume`. */
  platformVolume: string;
  /** true while any trade in the window came from the demo taker flow. */
  demo: boolean;
  time: number;
}

/** [price, quantity] of one aggregated level; in a delta a quantity of "0" removes the level. */
export type DepthLevel = [price: string, quantity: string];

export interface DepthSnapshot {
  symbol: string;
  bids: DepthLevel[]; // best (highest) first
  asks: DepthLevel[]; // best (lowest) first
  /** The depth channel's sequence number this snapshot is at. */
  seq: number;
  time: number;
}

export interface Candle {
  time: number; // open time
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
  trades: number;
  demo: boolean;
}

export interface CoinInfo {
  coinType: number;
  code: string;
  name: string;
  introduction: string;
  totalSupply: string | null; // null when the supply has no fixed cap
  maxSupply: string | null;
  officialSite: string;
  explorer: string;
  issueDate: string | null;
}

export interface BalanceUpdate {
  currency: string;
  wallet: string;
  available: string;
  frozen: string;
}

// ---------------------------------------------------------------------------------------------
// WebSocket at /ws
// ---------------------------------------------------------------------------------------------

/**
 * Channels: `tickers`, `ticker:<symbol>`, `depth:<symbol>`, `trades:<symbol>`, `candles:<symbol>:<interval>`,
 * and with a session token `orders`, `balances` and `stops` (the caller's own).
 */
export const WsClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    channels: z
      .array(text({ max: 64 }))
      .min(1)
      .max(50),
    token: text({ max: 300 }).optional(),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    channels: z
      .array(text({ max: 64 }))
      .min(1)
      .max(50),
  }),
  z.object({ op: z.literal('ping') }),
]);
export type WsClientMessage = z.input<typeof WsClientMessage>;

/**
 * Every server frame is a JSON ARRAY of these messages (updates are collected per channel and flushed
 * about every 100 ms; one frame may carry one channel's updates, another a connection's own replies and
 * snapshots). `seq` counts per channel: on a subscription the first message is a `snapshot` at the
 * channel's current `seq`; each later `update` has `seq` one higher than the last. A jump in `seq` means a
 * lost update: resubscribe to get a fresh snapshot. An update's `time` is the server's clock when it was
 * published (epoch ms). A client that does not read fast enough gets a `snapshot` with `resync: true` for
 * each channel whose updates it missed (apply it like any snapshot), or, if it still does not read, a close
 * with code 4008; a connection without subscriptions is closed with 4000 after a while. The server pings
 * every connection (WebSocket ping frames); one that does not answer is dropped.
 * Depth snapshots and deltas describe the top levels only (100 per side by default): a level that leaves
 * that view is sent with quantity "0", one that enters it is sent. `depth:<symbol>:<step>` is the same view
 * grouped by a price step of 10, 100 or 1,000 ticks written as a price (e.g. `depth:BTCUSDT:1` for a 0.01
 * tick): bids rounded down, asks rounded up, quantities summed; its snapshot also carries `step`.
 *   depth:<s>      snapshot: DepthSnapshot; update: { bids: DepthLevel[], asks: DepthLevel[] } (changed levels)
 *   trades:<s>     snapshot: PublicTrade[] (latest first); update: PublicTrade[] (new ones, oldest first)
 *   ticker:<s>     snapshot / update: Ticker
 *   tickers        snapshot: Ticker[]; update: Ticker[] (the changed ones)
 *   candles:<s>:<i> snapshot: Candle[]; update: Candle (the open candle, or the one just closed)
 *   candles:<s>:<i>:index  the same for the market's index price (from the recorded index ticks; volume 0)
 *   orders         snapshot: SpotOrder[] (open); update: SpotOrder[] (changed ones)
 *   balances       snapshot / update: BalanceUpdate[] (after a trade and after any other committed money command)
 *   stops          snapshot: StopOrder[] (waiting); update: StopOrder[] (the stops whose state changed: placed,
 *                  cancelled, fired — see spot-stops.ts)
 * The futures channels (`futures.*`) share this socket and these rules: see futures.ts.
 */
export type WsServerMessage =
  | { type: 'snapshot'; channel: string; seq: number; data: unknown; resync?: true }
  | { type: 'update'; channel: string; seq: number; time: number; data: unknown }
  | { type: 'subscribed' | 'unsubscribed'; channels: string[] }
  | { type: 'error'; channel?: string; error: string; message: string }
  | { type: 'pong'; time: number };
