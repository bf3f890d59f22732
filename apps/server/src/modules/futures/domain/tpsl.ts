/**
 * Take-profit / stop-loss (spec §5, reference A4): validation when set, and the trigger test on each tick against
 * the price the order watches (the mark, or the last trade: decision 0025; `mark` below is that price).
 *
 * Long:  stop-loss not above the open price, take-profit not below it; and against the current mark,
 *        stop-loss below it and take-profit above it (otherwise it would trigger at once).
 * Short: mirrored. A stop-loss at or beyond the liquidation price is allowed but warned about: the position
 * would be liquidated before the stop-loss fires.
 * Triggers compare the mark in ticks (the mark is already on the tick grid, reference A2.7 "trigger precision").
 */
import type { Position } from '@tidemark/futures-math';
import { absBig, type Ticks } from '@tidemark/futures-math';

export type TpSlError =
  | 'noPosition'
  | 'priceInvalid'
  | 'stopLossAboveOpenPrice'
  | 'stopLossBelowOpenPrice'
  | 'takeProfitBelowOpenPrice'
  | 'takeProfitAboveOpenPrice'
  | 'stopLossWouldTriggerNow'
  | 'takeProfitWouldTriggerNow';

export type TpSlWarning = 'stopLossBeyondLiquidation';

export interface TpSlRequest {
  position: Position;
  mark: Ticks;
  /** The position's estimated liquidation tick (null: none). */
  liquidation: Ticks | null;
  takeProfit: Ticks | null;
  stopLoss: Ticks | null;
}

export interface TpSlCheck {
  errors: TpSlError[];
  warnings: TpSlWarning[];
}

export function validateTpSl(req: TpSlRequest): TpSlCheck {
  const errors: TpSlError[] = [];
  const warnings: TpSlWarning[] = [];
  const { position, mark, liquidation, takeProfit: tp, stopLoss: sl } = req;
  const q = absBig(position.size);
  if (q === 0n) return { errors: ['noPosition'], warnings };
  if ((tp !== null && tp <= 0n) || (sl !== null && sl <= 0n)) return { errors: ['priceInvalid'], warnings };
  const long = position.size > 0n;
  // compare with the open price entryValue / q exactly: p ⋚ EP ⇔ p × q ⋚ entryValue
  const ev = position.entryValue;
  if (long) {
    if (sl !== null && sl * q > ev) errors.push('stopLossAboveOpenPrice');
    if (tp !== null && tp * q < ev) errors.push('takeProfitBelowOpenPrice');
    if (sl !== null && sl >= mark) errors.push('stopLossWouldTriggerNow');
    if (tp !== null && tp <= mark) errors.push('takeProfitWouldTriggerNow');
    if (sl !== null && liquidation !== null && sl <= liquidation) warnings.push('stopLossBeyondLiquidation');
  } else {
    if (sl !== null && sl * q < ev) errors.push('stopLossBelowOpenPrice');
    if (tp !== null && tp * q > ev) errors.push('takeProfitAboveOpenPrice');
    if (sl !== null && sl <= mark) errors.push('stopLossWouldTriggerNow');
    if (tp !== null && tp >= mark) errors.push('takeProfitWouldTriggerNow');
    if (sl !== null && liquidation !== null && sl >= liquidation) warnings.push('stopLossBeyondLiquidation');
  }
  return { errors, warnings };
}

export type TpSlTrigger = 'takeProfit' | 'stopLoss';

/** Which order fires at this mark, if any. A stop-loss wins if both could (only possible with invalid prices). */
export function tpslTriggered(
  position: Position,
  mark: Ticks,
  takeProfit: Ticks | null,
  stopLoss: Ticks | null,
): TpSlTrigger | null {
  if (position.size === 0n) return null;
  if (position.size > 0n) {
    if (stopLoss !== null && mark <= stopLoss) return 'stopLoss';
    if (takeProfit !== null && mark >= takeProfit) return 'takeProfit';
  } else {
    if (stopLoss !== null && mark >= stopLoss) return 'stopLoss';
    if (takeProfit !== null && mark <= takeProfit) return 'takeProfit';
  }
  return null;
}
