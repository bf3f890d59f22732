/**
 * One-way position math. A position is a signed size and its cost basis:
 *   size       > 0 long, < 0 short, 0 flat (lots)
 *   entryValue Σ notional of the fills still open, USDT minor units (≥ 0)
 * The average entry price is entryValue / |size| — held as the exact pair, never as a rounded price, so adding
 * to a position (EP' = (Q×EP + q×px)/(Q+q)) loses nothing. Only a partial close rounds, once, when it splits
 * the cost basis (see applyFill).
 */
import {
  absBig,
  divCeil,
  divHalfUp,
  maxBig,
  minBig,
  RATE_ONE,
  type Lots,
  type Rate,
  type Side,
  type Ticks,
  type Units,
} from './units.ts';

export interface Position {
  size: Lots;
  entryValue: Units;
}

export const FLAT: Position = Object.freeze({ size: 0n, entryValue: 0n });

export interface FillResult {
  position: Position;
  /** P&L realized by the part of the fill that closed existing size (fees not included). */
  realizedPnl: Units;
  /** Lots of existing position closed by this fill. */
  closedQty: Lots;
  /** Lots opened (added, or opened on the other side after a flip). */
  openedQty: Lots;
  /** True when the fill took the position through zero to the other side. */
  flipped: boolean;
}

export function sideOf(position: Position): Side | 0 {
  return position.size > 0n ? 1 : position.size < 0n ? -1 : 0;
}

/**
 * Applies a fill of `fillSize` lots (signed: + buy, − sell) at `price` ticks: opens, adds (average entry),
 * reduces, closes or flips. On a partial close the closed part's cost basis is entryValue × closed / |size|
 * rounded half-up to a minor unit and the rest stays with the position, so realized + remaining basis always
 * equal the original basis exactly.
 */
export function applyFill(position: Position, fillSize: Lots, price: Ticks): FillResult {
  if (fillSize === 0n) return { position, realizedPnl: 0n, closedQty: 0n, openedQty: 0n, flipped: false };
  if (price <= 0n) throw new RangeError('fill price must be positive');
  const q = absBig(position.size);
  const fillQty = absBig(fillSize);
  if (q === 0n || position.size > 0n === fillSize > 0n) {
    return {
      position: { size: position.size + fillSize, entryValue: position.entryValue + fillQty * price },
      realizedPnl: 0n,
      closedQty: 0n,
      openedQty: fillQty,
      flipped: false,
    };
  }
  const side: bigint = position.size > 0n ? 1n : -1n;
  const closedQty = minBig(fillQty, q);
  const closedBasis = closedQty === q ? position.entryValue : divHalfUp(position.entryValue * closedQty, q);
  const realizedPnl = side * (closedQty * price - closedBasis);
  const openedQty = fillQty - closedQty;
  const remaining = q - closedQty;
  let next: Position;
  if (remaining > 0n) next = { size: side * remaining, entryValue: position.entryValue - closedBasis };
  else if (openedQty > 0n) next = { size: -side * openedQty, entryValue: openedQty * price };
  else next = FLAT;
  return { position: next, realizedPnl, closedQty, openedQty, flipped: openedQty > 0n };
}

/** Average entry price in ticks, rounded half-up to `extraDecimals` places below a tick (for display). */
export function averageEntryScaled(position: Position, extraDecimals = 0): bigint {
  const q = absBig(position.size);
  if (q === 0n) return 0n;
  return divHalfUp(position.entryValue * 10n ** BigInt(extraDecimals), q);
}

/** Position value (notional) at a price: |size| × price. */
export function positionValue(position: Position, price: Ticks): Units {
  return absBig(position.size) * price;
}

/** uPnL = side × (|size| × mark − entryValue), always at the mark price. */
export function unrealizedPnl(position: Position, mark: Ticks): Units {
  if (position.size === 0n) return 0n;
  const value = absBig(position.size) * mark;
  return position.size > 0n ? value - position.entryValue : position.entryValue - value;
}

/** P&L of closing `qty` lots (≤ |size|) at `price`, with the cost basis split the way applyFill splits it. */
export function closePnl(position: Position, qty: Lots, price: Ticks): Units {
  const q = absBig(position.size);
  if (qty <= 0n || qty > q) throw new RangeError('close quantity out of range');
  const basis = qty === q ? position.entryValue : divHalfUp(position.entryValue * qty, q);
  return (position.size > 0n ? 1n : -1n) * (qty * price - basis);
}

/** Initial margin of a notional at leverage L: notional / L, rounded up. */
export function initialMargin(notional: Units, leverage: number): Units {
  return divCeil(notional, BigInt(leverage));
}

/** Fee on a notional at a rate, rounded up to a minor unit (in the platform's favour by < 1 unit). */
export function tradeFee(notional: Units, rate: Rate): Units {
  return divCeil(notional * rate, RATE_ONE);
}

/**
 * ROE ("yield") as a Rate: uPnL / (entryValue / L), the UI convention (reference A2.1), rounded toward zero.
 * 0 for a flat position.
 */
export function returnOnEquity(position: Position, mark: Ticks, leverage: number): Rate {
  if (position.entryValue === 0n) return 0n;
  return (unrealizedPnl(position, mark) * BigInt(leverage) * RATE_ONE) / position.entryValue;
}

/**
 * Margin ratio = maintenance margin / margin balance as a Rate (liquidation at ≥ RATE_ONE), rounded up.
 * null when the margin balance is zero or negative (the ratio is unbounded: liquidatable).
 */
export function marginRatio(maintenance: Units, marginBalance: Units): Rate | null {
  if (marginBalance <= 0n) return null;
  return divCeil(maintenance * RATE_ONE, marginBalance);
}

export interface IsolatedMarginBounds {
  /** Most that can be added: what the futures wallet has available. */
  maxAdd: Units;
  /** Most that can be removed: max(0, min(margin, margin + uPnL − |size| × mark / L)) (Binance [B-7]). */
  maxRemove: Units;
}

export function isolatedMarginBounds(args: {
  position: Position;
  margin: Units;
  mark: Ticks;
  leverage: number;
  available: Units;
}): IsolatedMarginBounds {
  const { position, margin, mark, leverage, available } = args;
  const needed = initialMargin(positionValue(position, mark), leverage);
  const maxRemove = maxBig(0n, minBig(margin, margin + unrealizedPnl(position, mark) - needed));
  return { maxAdd: maxBig(0n, available), maxRemove };
}

/**
 * Room for a reduce-only order of `orderSide`: it must oppose the position, and its quantity plus the other
 * open reduce-only orders may not exceed the position (reference A4). Returns the lots still allowed (0 = refuse).
 */
export function reduceOnlyRoom(position: Position, orderSide: Side, openReduceOnlyQty: Lots): Lots {
  if (position.size === 0n || position.size > 0n === orderSide > 0) return 0n;
  return maxBig(0n, absBig(position.size) - openReduceOnlyQty);
}
