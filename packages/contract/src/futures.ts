import { z } from 'zod';
import { idField, pageField } from './numbers.ts';
import { asciiText } from './text.ts';
import { clientOrderIdField, positiveDecimalField, symbolField } from './spot.ts';

/**
 * USDT-margined perpetual futures shared by the server and the apps (product spec §3 "Contract
 * position", §5 TP/SL rules). Every amount and price is a decimal string, every time epoch milliseconds.
 * zod messages are message keys the server localizes.
 *
 * App calls (POST, JSON body, `{code, message, data}` envelope; all but /contracts and /funding/info signed in):
 *   /api/xb/v1/futures/contracts          {}                         → FuturesContract[]
 *   /api/xb/v1/futures/account            {}                         → FuturesAccount
 *   /api/xb/v1/futures/leverage           LeverageRequest            → FuturesSetting
 *   /api/xb/v1/futures/margin-mode        MarginModeRequest          → FuturesSetting
 *   /api/xb/v1/futures/order/place        FuturesPlaceOrderRequest   → FuturesOrder
 *   /api/xb/v1/futures/order/cancel       FuturesCancelOrderRequest  → FuturesOrder
 *   /api/xb/v1/futures/orders/open        FuturesSymbolFilter        → FuturesOrder[]
 *   /api/xb/v1/futures/orders/history     FuturesPageRequest         → Page<FuturesOrder>
 *   /api/xb/v1/futures/positions          FuturesSymbolFilter        → FuturesPosition[]
 *   /api/xb/v1/futures/positions/closed   FuturesPageRequest         → Page<FuturesPosition>
 *   /api/xb/v1/futures/position/close     ClosePositionRequest       → FuturesOrder  (no quantity: fast close)
 *   /api/xb/v1/futures/position/close-all CloseAllRequest            → { orders: FuturesOrder[] }
 *   /api/xb/v1/futures/position/margin    PositionMarginRequest      → FuturesPosition
 *   /api/xb/v1/futures/stop-pl/set        StopPlRequest              → FuturesPosition & { warning: localized text | null }
 *   /api/xb/v1/futures/funding/history    FuturesPageRequest         → Page<FundingPayment>
 *   /api/xb/v1/futures/funding/info       { symbol? }                → FundingInfo[]
 */

export const MARGIN_MODES = ['cross', 'isolated'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];
export const POSITION_SIDES = ['long', 'short'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];
export const FUTURES_ORDER_SIDES = ['buy', 'sell'] as const;
export const FUTURES_ORDER_TYPES = ['limit', 'market'] as const;
/**
 * Why an order exists: the user's own; a close (partial / fast / close-all); a triggered take-profit or
 * stop-loss (a trailing stop's close is a stop-loss); the liquidation engine's order.
 */
export const FUTURES_ORDER_SOURCES = ['user', 'close', 'take_profit', 'stop_loss', 'liquidation'] as const;
export type FuturesOrderSource = (typeof FUTURES_ORDER_SOURCES)[number];
/** How a position ended. */
export const POSITION_CLOSE_REASONS = ['trade', 'close', 'take_profit', 'stop_loss', 'liquidation', 'adl'] as const;
export type PositionCloseReason = (typeof POSITION_CLOSE_REASONS)[number];

const leverageField = z
  .number('futures.leverageInvalid')
  .int('futures.leverageInvalid')
  .min(1, 'futures.leverageInvalid')
  .max(200, 'futures.leverageInvalid');

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const LeverageRequest = z.object({ symbol: symbolField, leverage: leverageField });
export type LeverageRequest = z.input<typeof LeverageRequest>;

export const MarginModeRequest = z.object({
  symbol: symbolField,
  marginMode: z.enum(MARGIN_MODES, 'futures.marginModeInvalid'),
});
export type MarginModeRequest = z.input<typeof MarginModeRequest>;

/** What an order's TP/SL watches; left out, the mark (no default here: an order without TP/SL hashes as before). */
const bracketTriggerField = z.enum(['mark', 'last'], 'futures.triggerSourceInvalid').optional();

/**
 * buy opens/adds a long or reduces a short; sell the mirror (one-way positions). limit needs `price`;
 * market takes what it can within the price band and cancels the rest. `reduceOnly` never opens or flips.
 * An optional take-profit / stop-loss (each on the mark or the last price) is checked against the order's price
 * (a market order's: the price it watches now) and becomes the position's when the order fills.
 */
export const FuturesPlaceOrderRequest = z
  .object({
    clientOrderId: clientOrderIdField,
    symbol: symbolField,
    side: z.enum(FUTURES_ORDER_SIDES, 'spot.sideInvalid'),
    type: z.enum(FUTURES_ORDER_TYPES, 'spot.typeInvalid'),
    price: positiveDecimalField.optional(),
    quantity: positiveDecimalField,
    reduceOnly: z.boolean().default(false),
    postOnly: z.boolean().default(false),
    // TP/SL given with the order, written into the position when the order fills (decision 0025)
    takeProfitPrice: positiveDecimalField.optional(),
    stopLossPrice: positiveDecimalField.optional(),
    takeProfitTrigger: bracketTriggerField,
    stopLossTrigger: bracketTriggerField,
  })
  .superRefine((v, ctx) => {
    if (v.reduceOnly && (v.takeProfitPrice !== undefined || v.stopLossPrice !== undefined))
      ctx.addIssue({ code: 'custom', message: 'futures.bracketReduceOnly', path: ['reduceOnly'] });
    if (v.type === 'limit' && v.price === undefined)
      ctx.addIssue({ code: 'custom', message: 'spot.priceRequired', path: ['price'] });
    if (v.type === 'market' && v.price !== undefined)
      ctx.addIssue({ code: 'custom', message: 'spot.priceNotAllowed', path: ['price'] });
    if (v.type === 'market' && v.postOnly)
      ctx.addIssue({ code: 'custom', message: 'spot.timeInForceInvalid', path: ['postOnly'] });
  });
export type FuturesPlaceOrderRequest = z.input<typeof FuturesPlaceOrderRequest>;

export const FuturesCancelOrderRequest = z.object({
  orderId: z.coerce.number('spot.orderNotFound').int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FuturesCancelOrderRequest = z.input<typeof FuturesCancelOrderRequest>;

export const FuturesSymbolFilter = z.object({ symbol: symbolField.optional() });
export type FuturesSymbolFilter = z.input<typeof FuturesSymbolFilter>;

export const FuturesPageRequest = z.object({
  symbol: symbolField.optional(),
  page: pageField,
  size: z.number().int().min(1).max(100).default(20),
});
export type FuturesPageRequest = z.input<typeof FuturesPageRequest>;

/** Without `quantity`: fast close (the whole position at market). With it: a partial close at market. */
export const ClosePositionRequest = z.object({
  clientOrderId: clientOrderIdField,
  symbol: symbolField,
  quantity: positiveDecimalField.optional(),
});
export type ClosePositionRequest = z.input<typeof ClosePositionRequest>;

/** Closes every open position (optionally of one contract) at market, after cancelling their orders. */
export const CloseAllRequest = z.object({ requestId: clientOrderIdField, symbol: symbolField.optional() });
export type CloseAllRequest = z.input<typeof CloseAllRequest>;

export const PositionMarginRequest = z.object({
  requestId: clientOrderIdField,
  symbol: symbolField,
  action: z.enum(['add', 'remove'], 'futures.marginActionInvalid'),
  amount: positiveDecimalField,
});
export type PositionMarginRequest = z.input<typeof PositionMarginRequest>;

/** Stop-profit / stop-loss prices of the open position; null (or omitted) clears one. */
/** What a close trigger watches: the mark price (default) or the contract's last trade (decision 0025). */
export const TRIGGER_SOURCES = ['mark', 'last'] as const;
export type TriggerSource = (typeof TRIGGER_SOURCES)[number];
const triggerField = z.enum(TRIGGER_SOURCES, 'futures.triggerSourceInvalid').default('mark');

/** A trailing stop's callback rate in percent: 0.1 to 10, at most two decimals. */
export const callbackRateField = asciiText({ message: 'futures.callbackRateInvalid', max: 5 })
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'futures.callbackRateInvalid')
  .refine((v) => {
    // compared in hundredths of a percent, exactly: 0.1 % is 10, 10 % is 1000
    const [whole = '0', part = ''] = v.split('.');
    const hundredths = Number(whole) * 100 + Number(part.padEnd(2, '0'));
    return hundredths >= 10 && hundredths <= 1000;
  }, 'futures.callbackRateInvalid');

/**
 * Sets all the close triggers of the open position at once (what is left out is removed): TP and SL each with
 * the price it watches, and a trailing stop (callback rate in %, optional activation price).
 */
export const StopPlRequest = z.object({
  symbol: symbolField,
  takeProfitPrice: positiveDecimalField.nullable().optional(),
  stopLossPrice: positiveDecimalField.nullable().optional(),
  takeProfitTrigger: triggerField,
  stopLossTrigger: triggerField,
  trailingCallbackRate: callbackRateField.nullable().optional(),
  trailingActivationPrice: positiveDecimalField.nullable().optional(),
  trailingTrigger: triggerField,
});
export type StopPlRequest = z.input<typeof StopPlRequest>;

export const FundingInfoRequest = z.object({ symbol: symbolField.optional() });

/** A contract's public order book (aggregated levels, best first) and its latest matched trades. */
export const FuturesDepthRequest = z.object({
  symbol: symbolField,
  limit: z.number().int().min(1).max(100).default(20),
});
export type FuturesDepthRequest = z.input<typeof FuturesDepthRequest>;
export const FuturesTradesRequest = z.object({
  symbol: symbolField,
  limit: z.number().int().min(1).max(100).default(30),
});
export type FuturesTradesRequest = z.input<typeof FuturesTradesRequest>;

export interface FuturesDepth {
  symbol: string;
  bids: Array<[price: string, quantity: string]>;
  asks: Array<[price: string, quantity: string]>;
  time: number;
}

/** One matched trade of a contract (auto-deleverage fills are not market trades and are left out). */
export interface FuturesPublicTrade {
  id: number;
  price: string;
  quantity: string;
  /** The taker's side: "buy" lifted an ask. */
  side: 'buy' | 'sell';
  time: number;
}
export type FundingInfoRequest = z.input<typeof FundingInfoRequest>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface FuturesTier {
  bracket: number;
  notionalFloor: string;
  notionalCap: string;
  maintMarginRatio: string;
  maintAmount: string;
  maxLeverage: number;
}

export interface FuturesContract {
  symbol: string;
  base: string;
  quote: 'USDT';
  tickSize: string;
  stepSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  liquidationFee: string;
  maxLeverage: number;
  fundingIntervalHours: number;
  tiers: FuturesTier[];
  indexPrice: string | null;
  markPrice: string | null;
  /** true when prices come from the simulated feed. */
  demo: boolean;
}

export interface FuturesSetting {
  symbol: string;
  marginMode: MarginMode;
  leverage: number;
}

export interface FuturesAccount {
  currency: 'USDT';
  /** Free in the futures wallet (what new orders and cross positions can use). */
  available: string;
  /** Held by open orders (initial margin + fee reserve). */
  frozen: string;
  /** Σ margin of open positions. */
  positionMargin: string;
  unrealizedPnl: string;
  /** available + frozen + positionMargin + unrealizedPnl. */
  equity: string;
  /** The user's setting per contract they configured (their last choice is kept per contract). */
  settings: FuturesSetting[];
  /** The leverage of a contract without a setting (a newcomer starts modest; capped by the contract's maximum). */
  defaultLeverage?: number;
  /** The young-account cap in force (responsible trading): no leverage above `cap` until `until`; else null. */
  leverageCap?: LeverageCap | null;
}

/** Accounts younger than `days` days may use at most `cap`× until `until` (ms since epoch, UTC). */
export interface LeverageCap {
  cap: number;
  days: number;
  until: number;
}

export interface FuturesOrder {
  id: number;
  clientOrderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  source: FuturesOrderSource;
  price: string | null;
  quantity: string;
  filledQuantity: string;
  averagePrice: string | null;
  /** Value filled so far (Σ price × quantity), USDT. */
  turnover: string;
  fee: string;
  reduceOnly: boolean;
  postOnly: boolean;
  /** A limit order's remainder: rests (GTC), is cancelled (IOC), or nothing trades unless all can (FOK). */
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  leverage: number;
  marginMode: MarginMode;
  status: 'new' | 'partially_filled' | 'filled' | 'cancelled';
  cancelReason: string | null;
  createTime: number;
  updateTime: number;
}

/** Every field of spec §3 "Contract position". */
export interface FuturesPosition {
  /** The position's order number. */
  id: number;
  symbol: string;
  direction: PositionSide;
  marginMode: MarginMode;
  leverage: number;
  quantity: string;
  /** Closable amount: quantity minus what open reduce-only orders already claim. */
  closableQuantity: string;
  openPrice: string;
  /** Σ quantity × price of the open part (USDT): the exact cost basis the P&L is computed from. */
  entryValue: string;
  markPrice: string | null;
  margin: string;
  positionValue: string | null;
  estimatedLiquidationPrice: string | null;
  bankruptcyPrice: string | null;
  /** Fees paid (open and close). */
  fee: string;
  /** Accumulated funding ("position interest"): positive received, negative paid. */
  positionInterest: string;
  unrealizedPnl: string | null;
  realizedPnl: string;
  /** uPnL / initial margin (open) or realized / initial margin (closed), as a decimal fraction. */
  yield: string | null;
  takeProfitPrice: string | null;
  stopLossPrice: string | null;
  takeProfitTrigger: TriggerSource;
  stopLossTrigger: TriggerSource;
  /** The trailing stop (null: none): callback rate in %, activation price, best price since activation and the
   * price it fires at from there (null until activated). */
  trailingStop: {
    callbackRate: string;
    activationPrice: string | null;
    trigger: TriggerSource;
    watermark: string | null;
    stopPrice: string | null;
  } | null;
  /** Auto-deleverage indicator 1–5 (5 = first in line), null when not in profit. */
  adlRank: number | null;
  status: 'open' | 'closed';
  closedPrice: string | null;
  closedQuantity: string;
  closeReason: PositionCloseReason | null;
  openTime: number;
  closeTime: number | null;
}

export interface FundingPayment {
  id: number;
  symbol: string;
  positionId: number;
  direction: PositionSide;
  rate: string;
  markPrice: string;
  positionValue: string;
  /** Positive received, negative paid. */
  amount: string;
  time: number;
}

export interface FundingInfo {
  symbol: string;
  /** The rate the next settlement will use if nothing changes (per interval). */
  predictedRate: string;
  lastRate: string | null;
  /** The interest component of the rate per interval (the premium is added to it, clamped). */
  interestRate: string;
  /** |rate| never exceeds this per interval. */
  rateCap: string;
  intervalHours: number;
  nextFundingTime: number;
  /** Milliseconds until nextFundingTime. */
  countdown: number;
}

// ---------------------------------------------------------------------------------------------
// Futures channels on the same `/ws` socket (frames, seq rules and resyncs as in spot.ts's WsServerMessage)
// ---------------------------------------------------------------------------------------------

/**
 * Public, per contract:
 *   futures.mark:<s>    snapshot / update: FuturesMarkInfo (after every committed mark tick)
 *   futures.marks       snapshot: FuturesMarkInfo[] (every contract); update: FuturesMarkInfo[] (the ticked ones)
 *   futures.depth:<s>   snapshot: { symbol, bids, asks, seq, time }; update: { bids, asks } (changed levels, "0" = gone)
 *   futures.trades:<s>  snapshot: PublicTrade[] (latest first); update: PublicTrade[] (new ones, oldest first)
 * The caller's own (subscribe with the session token):
 *   futures.positions   snapshot / update: FuturesPosition[] (every open position, whole list)
 *   futures.orders      snapshot / update: FuturesOrder[] (every open order, whole list)
 *   futures.account     snapshot / update: FuturesAccount
 *   futures.alerts      snapshot: FuturesAlert[] (the warnings in force); update: FuturesAlert (one event)
 * Positions and account are published after each committed command that changed them, and after each mark
 * tick at most once per FUTURES_WS_PRICE_MS per user (uPnL, margin ratio and equity follow the mark).
 */
// the list itself lives in a file without zod, so the web app's socket client can read it without the schemas
export { FUTURES_USER_CHANNELS } from './futures-channels.ts';

export interface FuturesMarkInfo {
  symbol: string;
  markPrice: string | null;
  indexPrice: string | null;
  /** The predicted rate of the next settlement (per interval). */
  fundingRate: string;
  lastFundingRate: string | null;
  /** Epoch ms of the next settlement: the client counts down to it. */
  nextFundingTime: number;
  intervalHours: number;
  time: number;
}

/**
 * A margin-ratio warning (maintenance margin / margin balance reached the warning threshold; liquidation at 1),
 * its end (`marginRecovered`), or a liquidation. Cross positions share the account's ratio.
 */
export type FuturesAlert =
  | {
      kind: 'marginWarning' | 'marginRecovered';
      symbol: string;
      positionId: number;
      marginMode: MarginMode;
      /** Decimal fraction, e.g. "0.85"; null when the margin balance is gone (liquidation is due). */
      marginRatio: string | null;
      threshold: string;
      time: number;
    }
  | {
      kind: 'liquidated';
      symbol: string;
      positionId: number;
      direction: PositionSide;
      quantity: string;
      markPrice: string;
      time: number;
    };

/**
 * How a liquidation was settled (public: POST /api/xb/v1/futures/liquidation/settlement {positionId}): the
 * index ticks with their sources and the marks around the one that decided it, the inputs, the formula and the
 * figures recomputed from them beside the recorded ones (decision 0025).
 */
export const LiquidationSettlementRequest = z.object({
  positionId: z
    .number('futures.liquidationNotFound')
    .int('futures.liquidationNotFound')
    .positive('futures.liquidationNotFound')
    .max(idField.maxValue ?? Number.MAX_SAFE_INTEGER, 'futures.liquidationNotFound'),
});
export type LiquidationSettlementRequest = z.input<typeof LiquidationSettlementRequest>;

export interface LiquidationSettlement {
  positionId: number;
  symbol: string;
  direction: PositionSide;
  marginMode: MarginMode;
  time: number;
  /** Index ticks up to the deciding one (time, price, source prices) with the mark computed from each. */
  ticks: Array<{
    time: number;
    indexPrice: string;
    sources: Record<string, string>;
    markPrice: string | null;
    used: boolean;
  }>;
  inputs: {
    quantity: string;
    openPrice: string;
    entryValue: string;
    /** The collateral at stake (cross: the position's margin plus the whole available wallet). */
    margin: string;
    markPrice: string;
    maintenanceMarginRate: string;
    maintenanceAmount: string;
    liquidationFeeRate: string;
  };
  /** The formulas, in words that do not need translating (symbols), for anyone recomputing. */
  formula: Record<string, string>;
  result: {
    positionValue: string;
    marginBalance: string;
    maintenanceMargin: string;
    liquidationPrice: string | null;
    bankruptcyPrice: string | null;
    fills: Array<{
      kind: 'market' | 'adl';
      quantity: string;
      price: string;
      pnl: string;
      margin: string;
      insurance: string;
      toUser: string;
    }>;
    insuranceFund: string;
  };
  recorded: {
    markPrice: string;
    bankruptcyPrice: string;
    marketQuantity: string;
    adlQuantity: string;
    insuranceFund: string;
  };
  /** True when the recomputed bankruptcy price and insurance fund figure equal the recorded ones. */
  agrees: boolean;
}
