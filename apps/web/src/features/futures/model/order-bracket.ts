import type { FuturesContract, PositionSide, TriggerSource } from '@tidemark/contract/futures';
import { estimatedClosePnl } from '@tidemark/futures-math';
import { contractUnits, priceTicks, qtyLots, ticksText, usdtText } from './contract-units.ts';

/**
 * A take-profit / stop-loss typed in the order ticket (the server: futures/order-brackets.ts). It is checked
 * against the price the order opens at — a limit order's price; a market order's the mark, when the trigger
 * watches the mark (on the last price the server checks it) — and its estimated P&L is that of closing the
 * order's whole quantity there: the closing P&L from the order's cost basis less a market close's taker fee
 * (@tidemark/futures-math estimatedClosePnl, the same formula as the TP/SL page). Keys of the `futures` namespace.
 */
export interface OrderBracketDraft {
  takeProfit: string;
  stopLoss: string;
  takeProfitTrigger: TriggerSource;
  stopLossTrigger: TriggerSource;
}

export const EMPTY_BRACKET: OrderBracketDraft = {
  takeProfit: '',
  stopLoss: '',
  takeProfitTrigger: 'mark',
  stopLossTrigger: 'mark',
};

export interface OrderBracketCheck {
  takeProfit: { key: string; price?: string } | null;
  stopLoss: { key: string; price?: string } | null;
  /** Estimated P&L (USDT text) at each valid price, once the order has a quantity and an opening price. */
  takeProfitPnl: string | null;
  stopLossPnl: string | null;
}

export function checkOrderBracket(
  contract: FuturesContract,
  order: { direction: PositionSide; type: 'limit' | 'market'; price: string; quantity: string },
  draft: OrderBracketDraft,
): OrderBracketCheck {
  const c = contractUnits(contract);
  const long = order.direction === 'long';
  const limitTicks = order.type === 'limit' ? priceTicks(c, order.price) : null;
  const markTicks = contract.markPrice ? priceTicks(c, contract.markPrice) : null;
  const lots = qtyLots(c, order.quantity);
  // what the order opens at, as far as the app knows it
  const entry = order.type === 'limit' ? limitTicks : markTicks;
  const reference = (trigger: TriggerSource) =>
    order.type === 'limit' ? limitTicks : trigger === 'mark' ? markTicks : null;
  const pnlAt = (ticks: bigint) =>
    entry === null || lots === null || lots <= 0n
      ? null
      : usdtText(estimatedClosePnl({ size: long ? lots : -lots, entryValue: lots * entry }, ticks, c.takerFee));

  const out: OrderBracketCheck = { takeProfit: null, stopLoss: null, takeProfitPnl: null, stopLossPnl: null };
  if (draft.takeProfit.trim()) {
    const tp = priceTicks(c, draft.takeProfit);
    const ref = reference(draft.takeProfitTrigger);
    if (tp === null || tp <= 0n) out.takeProfit = { key: 'stopPl.error.priceInvalid' };
    else if (ref !== null && (long ? tp <= ref : tp >= ref))
      out.takeProfit = { key: long ? 'ticket.bracket.tpAbove' : 'ticket.bracket.tpBelow', price: ticksText(c, ref) };
    else out.takeProfitPnl = pnlAt(tp);
  }
  if (draft.stopLoss.trim()) {
    const sl = priceTicks(c, draft.stopLoss);
    const ref = reference(draft.stopLossTrigger);
    if (sl === null || sl <= 0n) out.stopLoss = { key: 'stopPl.error.priceInvalid' };
    else if (ref !== null && (long ? sl >= ref : sl <= ref))
      out.stopLoss = { key: long ? 'ticket.bracket.slBelow' : 'ticket.bracket.slAbove', price: ticksText(c, ref) };
    else out.stopLossPnl = pnlAt(sl);
  }
  return out;
}

export interface OrderBracketFields {
  takeProfitPrice?: string;
  takeProfitTrigger?: TriggerSource;
  stopLossPrice?: string;
  stopLossTrigger?: TriggerSource;
}

/** The TP/SL fields of the order request (only what was typed). */
export function bracketRequest(draft: OrderBracketDraft): OrderBracketFields {
  const tp = draft.takeProfit.trim();
  const sl = draft.stopLoss.trim();
  return {
    ...(tp ? { takeProfitPrice: tp, takeProfitTrigger: draft.takeProfitTrigger } : {}),
    ...(sl ? { stopLossPrice: sl, stopLossTrigger: draft.stopLossTrigger } : {}),
  };
}
