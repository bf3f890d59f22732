import type { FuturesContract, FuturesPosition, TriggerSource } from '@tidemark/contract/futures';
import { estimatedClosePnl } from '@tidemark/futures-math';
import {
  contractUnits,
  fineTicks,
  priceTicks,
  qtyLots,
  usdtText,
  usdtUnits,
  type ContractUnits,
} from './contract-units.ts';

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
  triggers: { takeProfit: TriggerSource; stopLoss: TriggerSource } = { takeProfit: 'mark', stopLoss: 'mark' },
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
    // on the last price the app does not know that price: the server checks it
    else if (triggers.takeProfit === 'mark' && mark !== null && (long ? tp <= mark : tp >= mark))
      out.takeProfit = 'stopPl.error.wouldTrigger';
  }
  if (stopLoss.trim()) {
    const sl = priceTicks(c, stopLoss);
    if (sl === null || sl <= 0n) out.stopLoss = 'stopPl.error.priceInvalid';
    else if (entryValue !== null && (long ? sl * 100n > entryValue : sl * 100n < entryValue))
      out.stopLoss = long ? 'stopPl.error.stopLossAboveOpen' : 'stopPl.error.stopLossBelowOpen';
    else if (triggers.stopLoss === 'mark' && mark !== null && (long ? sl >= mark : sl <= mark))
      out.stopLoss = 'stopPl.error.wouldTrigger';
    else if (liq !== null && (long ? sl <= liq : sl >= liq)) out.warning = 'stopPl.warning.beyondLiquidation';
  }
  return out;
}

/**
 * The estimated P&L of closing the whole position at a typed TP/SL price (USDT text): the closing P&L from the
 * exact cost basis less a market close's taker fee (@tidemark/futures-math estimatedClosePnl, the server's
 * formula). Null while the price is not a valid price.
 */
export function estimatedPnlAt(contract: FuturesContract, position: FuturesPosition, price: string): string | null {
  const c: ContractUnits = contractUnits(contract);
  const p = price.trim() ? priceTicks(c, price) : null;
  const lots = qtyLots(c, position.quantity);
  if (p === null || p <= 0n || lots === null) return null;
  const pos = { size: position.direction === 'long' ? lots : -lots, entryValue: usdtUnits(position.entryValue) };
  return usdtText(estimatedClosePnl(pos, p, c.takerFee));
}

/** A trailing stop's callback rate as typed: 0.1 to 10 (%), at most two decimals; the key of the error or null. */
export function checkCallbackRate(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t)) return 'stopPl.error.callbackRate';
  const [whole, frac = ''] = t.split('.');
  const hundredths = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return hundredths >= 10 && hundredths <= 1000 ? null : 'stopPl.error.callbackRate';
}
