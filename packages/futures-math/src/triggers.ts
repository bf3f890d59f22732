/**
 * Close triggers of a position: the price a trigger watches (mark or last trade), the trailing stop's
 * watermark and firing test, and the estimated P&L of closing at a trigger price. Pure, bigint only; the
 * server decides with these and the app previews with the same functions (decision 0025).
 */
import { closePnl, tradeFee, type Position } from './position.ts';
import { absBig, type Rate, type Ticks, type Units } from './units.ts';

/** What a trigger compares with: the mark price (default) or the contract's last trade. */
export const TRIGGER_SOURCES = ['mark', 'last'] as const;
export type TriggerSource = (typeof TRIGGER_SOURCES)[number];

/** The price a trigger with `source` sees; null when that price does not exist yet (no trade since listing). */
export function triggerPrice(source: TriggerSource, mark: Ticks, last: Ticks | null): Ticks | null {
  return source === 'last' ? last : mark;
}

/** Callback rates are kept in basis points of a percent (1 = 0.01 %), so 0.1 % is 10 and 10 % is 1000. */
export const CALLBACK_ONE = 10_000n;
export const CALLBACK_MIN = 10n;
export const CALLBACK_MAX = 1_000n;

export interface TrailingStop {
  /** +1: protects a long (fires on a fall); −1: protects a short (fires on a rise). */
  side: 1 | -1;
  callback: bigint;
  /** The price that must be reached before the stop starts following (null: follows at once). */
  activation: Ticks | null;
  /** The best price since activation (null: not active yet). */
  watermark: Ticks | null;
}

export interface TrailingStep {
  watermark: Ticks | null;
  fired: boolean;
}

/**
 * One observation of the trigger price. Before activation nothing moves; on activation the watermark starts at
 * that price; afterwards it follows the best price (the highest for a long, the lowest for a short) and the
 * stop fires once the price has come back from it by the callback rate. The test is exact: for a long
 * price × 10000 ≤ watermark × (10000 − callback), no rounding of the stop price is involved.
 */
export function stepTrailing(t: TrailingStop, price: Ticks): TrailingStep {
  if (price <= 0n) throw new RangeError('price must be positive');
  let wm = t.watermark;
  if (wm === null) {
    const reached = t.activation === null || (t.side > 0 ? price >= t.activation : price <= t.activation);
    if (!reached) return { watermark: null, fired: false };
    wm = price;
  } else {
    wm = t.side > 0 ? (price > wm ? price : wm) : price < wm ? price : wm;
  }
  const fired =
    t.side > 0
      ? price * CALLBACK_ONE <= wm * (CALLBACK_ONE - t.callback)
      : price * CALLBACK_ONE >= wm * (CALLBACK_ONE + t.callback);
  return { watermark: wm, fired };
}

/**
 * The price at which the trailing stop fires from its watermark, rounded toward the watermark to a whole tick
 * (for display: the first whole tick that fires is this one or one further away).
 */
export function trailingStopPrice(t: TrailingStop): Ticks | null {
  if (t.watermark === null) return null;
  const scaled = t.watermark * (t.side > 0 ? CALLBACK_ONE - t.callback : CALLBACK_ONE + t.callback);
  return t.side > 0 ? scaled / CALLBACK_ONE : (scaled + CALLBACK_ONE - 1n) / CALLBACK_ONE;
}

/**
 * The estimated P&L of closing the whole position at `price` (a TP/SL price): the closing P&L minus the taker
 * fee of a market close. Funding until then and slippage are not in it (the app says "estimated").
 */
export function estimatedClosePnl(position: Position, price: Ticks, takerFee: Rate): Units {
  const q = absBig(position.size);
  if (q === 0n) return 0n;
  return closePnl(position, q, price) - tradeFee(q * price, takerFee);
}
