import type { FuturesContract, FuturesPosition } from '@tidemark/contract/futures';
import { divCeil, divFloor, USDT_SCALE } from '@tidemark/futures-math';
import {
  contractUnits,
  fineTicks,
  parseTyped,
  qtyLots,
  ticksText,
  usdtText,
  usdtUnits,
  type ContractUnits,
} from './contract-units.ts';
import { liquidationTicks } from './preview.ts';

/**
 * Isolated margin add / remove (/futures/position/margin) previewed BEFORE the user confirms. The position
 * answer carries no bounds, so they mirror the server's domain (futures/domain/position.ts
 * isolatedMarginBounds):
 *   maxAdd    = what the futures wallet has available
 *   maxRemove = max(0, min(margin, margin + uPnL − ⌈|size| × mark / L⌉))
 * and the liquidation price after the change is the isolated formula (collateral = the new margin) the
 * server applies (@tidemark/futures-math liquidationPrice). Everything is integers.
 */
export type MarginAction = 'add' | 'remove';

export type MarginAdjustError = 'amountInvalid' | 'addTooMuch' | 'removeTooMuch' | 'noMark';

export interface MarginAdjustInput {
  contract: FuturesContract;
  position: FuturesPosition;
  /** The futures wallet's available USDT (account.available); undefined while it loads. */
  available: string | undefined;
  action: MarginAction;
  amount: string;
}

export interface MarginAdjustPreview {
  /** null while the account is unknown. */
  maxAdd: string | null;
  /** null without a mark price (the server refuses a removal then). */
  maxRemove: string | null;
  /** The margin after the change; null until the amount is valid and within the bounds. */
  newMargin: string | null;
  /** The estimated liquidation price after the change; null when there is none or the amount is not valid. */
  estimatedLiquidationPrice: string | null;
  /** null when the amount may be sent (an empty amount is not an error, just not sendable). */
  error: MarginAdjustError | null;
  /** True when the amount is positive and within the bounds: the confirm button is enabled. */
  sendable: boolean;
}

/** maxRemove from the position answer's own figures (positionValue = |size| × mark, uPnL at that mark). */
export function maxRemovable(position: FuturesPosition): bigint | null {
  if (position.positionValue === null || position.unrealizedPnl === null) return null;
  const margin = usdtUnits(position.margin);
  const needed = divCeil(usdtUnits(position.positionValue), BigInt(position.leverage));
  const room = margin + usdtUnits(position.unrealizedPnl) - needed;
  const capped = room < margin ? room : margin;
  return capped > 0n ? capped : 0n;
}

export function previewMarginAdjust(input: MarginAdjustInput): MarginAdjustPreview {
  const p = input.position;
  const maxAdd = input.available === undefined ? null : nonNegative(usdtUnits(input.available));
  const maxRemove = maxRemovable(p);
  const bounds = {
    maxAdd: maxAdd === null ? null : usdtText(maxAdd),
    maxRemove: maxRemove === null ? null : usdtText(maxRemove),
  };
  const none = { ...bounds, newMargin: null, estimatedLiquidationPrice: null, sendable: false };

  if (!input.amount.trim())
    return { ...none, error: input.action === 'remove' && maxRemove === null ? 'noMark' : null };
  const amount = parseTyped(input.amount, USDT_SCALE);
  if (amount === null || amount <= 0n) return { ...none, error: 'amountInvalid' };
  if (input.action === 'remove' && maxRemove === null) return { ...none, error: 'noMark' };
  const error: MarginAdjustError | null =
    input.action === 'add'
      ? maxAdd !== null && amount > maxAdd
        ? 'addTooMuch'
        : null
      : amount > maxRemove!
        ? 'removeTooMuch'
        : null;

  // beyond the bounds there is no resulting position to describe
  if (error) return { ...none, error };

  const margin = usdtUnits(p.margin) + (input.action === 'add' ? amount : -amount);
  const c = contractUnits(input.contract);
  const lots = qtyLots(c, p.quantity) ?? 0n;
  const size = p.direction === 'long' ? lots : -lots;
  const liq = liquidationTicks(c, size, entryValueOf(p, c, lots), margin);
  return {
    ...bounds,
    newMargin: usdtText(margin),
    estimatedLiquidationPrice: liq === null ? null : ticksText(c, liq),
    error: null,
    sendable: input.action === 'remove' || maxAdd !== null,
  };
}

/**
 * The position's cost basis in minor units. Exact from the answer's value and uPnL at the mark
 * (long: uPnL = value − entry; short: entry − value); from the rounded open price only without a mark.
 */
function entryValueOf(p: FuturesPosition, c: ContractUnits, lots: bigint): bigint {
  if (p.positionValue !== null && p.unrealizedPnl !== null) {
    const value = usdtUnits(p.positionValue);
    const pnl = usdtUnits(p.unrealizedPnl);
    return p.direction === 'long' ? value - pnl : value + pnl;
  }
  return divFloor((fineTicks(c, p.openPrice) ?? 0n) * lots, 100n);
}

const nonNegative = (v: bigint): bigint => (v > 0n ? v : 0n);
