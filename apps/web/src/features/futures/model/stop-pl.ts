import type { FuturesContract, FuturesPosition } from '@tidemark/contract/futures';
import { contractUnits, fineTicks, priceTicks } from './contract-units.ts';

/**
 * The stop-profit / stop-loss checks of spec §5 (server: futures/domain/tpsl.ts), run as the user types
 * so the message appears beside the field. The server checks them again on /futures/stop-pl/set.
 *   long : stop-loss not above the open price, take-profit not below it; short mirrored;
 *   against the mark: a price that would trigger at once is refused;
 *   a stop-loss at or beyond the liquidation price is allowed with a warning.
 * Keys are of the `futures` namespace (`stopPl.error.*`, `stopPl.warning.*`).
 */
export interface StopPlCheck {
  takeProfit: string | null;
  stopLoss: string | null;
  warning: string | null;
}

export function checkStopPl(
  contract: FuturesContract,
  position: FuturesPosition,
  takeProfit: string,
  stopLoss: string,
): StopPlCheck {
  const c = contractUnits(contract);
  const entry = fineTicks(c, position.openPrice);
  const mark = position.markPrice ? priceTicks(c, position.markPrice) : null;
  const liq = position.estimatedLiquidationPrice ? priceTicks(c, position.estimatedLiquidationPrice) : null;
  const long = position.direction === 'long';
  const out: StopPlCheck = { takeProfit: null, stopLoss: null, warning: null };
  // the open price is an average 2 digits finer than a tick: compare p × 100 with it
  const entryValue = entry;

  if (takeProfit.trim()) {
    const tp = priceTicks(c, takeProfit);
    if (tp === null || tp <= 0n) out.takeProfit = 'stopPl.error.priceInvalid';
    else if (entryValue !== null && (long ? tp * 100n < entryValue : tp * 100n > entryValue))
      out.takeProfit = long ? 'stopPl.error.takeProfitBelowOpen' : 'stopPl.error.takeProfitAboveOpen';
    else if (mark !== null && (long ? tp <= mark : tp >= mark)) out.takeProfit = 'stopPl.error.wouldTrigger';
  }
  if (stopLoss.trim()) {
    const sl = priceTicks(c, stopLoss);
    if (sl === null || sl <= 0n) out.stopLoss = 'stopPl.error.priceInvalid';
    else if (entryValue !== null && (long ? sl * 100n > entryValue : sl * 100n < entryValue))
      out.stopLoss = long ? 'stopPl.error.stopLossAboveOpen' : 'stopPl.error.stopLossBelowOpen';
    else if (mark !== null && (long ? sl >= mark : sl <= mark)) out.stopLoss = 'stopPl.error.wouldTrigger';
    else if (liq !== null && (long ? sl <= liq : sl >= liq)) out.warning = 'stopPl.warning.beyondLiquidation';
  }
  return out;
}
