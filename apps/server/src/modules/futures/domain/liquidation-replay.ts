/**
 * A liquidation recomputed from its inputs (the "how this was settled" view, decision 0025): the margin state
 * at the mark that decided it, the liquidation and bankruptcy prices, and the insurance fund's part of each
 * closing fill — the same rules settle-fill.ts applies in "liquidation" mode (no trading fee; what the closed
 * share of margin still holds after the loss pays the liquidation fee to the fund, a loss beyond it is taken
 * from the fund). Pure, bigint only: anyone with the inputs gets the same figures.
 */
import {
  absBig,
  bankruptcyPrice,
  closePnl,
  divCeil,
  divHalfUp,
  liquidationPrice,
  type Lots,
  type Position,
  type Ticks,
  type Units,
} from '@tidemark/futures-math';
import type { Contract } from './contracts.ts';
import { liquidationFee, marginState } from './liquidation.ts';

export interface ReplayFill {
  qty: Lots;
  price: Ticks;
}

export interface ReplayedFill extends ReplayFill {
  /** The closing P&L of the fill. */
  pnl: Units;
  /** The closed share of the margin. */
  margin: Units;
  /** Paid to the fund (> 0: the liquidation fee) or taken from it (< 0: the shortfall). */
  insurance: Units;
  /** Returned to the user's wallet. */
  toUser: Units;
}

export interface LiquidationReplay {
  marginBalance: Units;
  maintenance: Units;
  liquidatable: boolean;
  liquidationPrice: Ticks | null;
  bankruptcyPrice: Ticks | null;
  fills: ReplayedFill[];
  insuranceDelta: Units;
}

export function replayLiquidation(
  contract: Contract,
  position: Position,
  margin: Units,
  mark: Ticks,
  fills: readonly ReplayFill[],
): LiquidationReplay {
  const state = marginState(margin, [{ contract, position, mark }]);
  let pos = position;
  let rest = margin;
  let insuranceDelta = 0n;
  const out: ReplayedFill[] = [];
  for (const f of fills) {
    const q = absBig(pos.size);
    if (f.qty <= 0n || f.qty > q) throw new RangeError('a liquidation fill must close part of what is left');
    const pnl = closePnl(pos, f.qty, f.price);
    const marginPart = f.qty === q ? rest : divCeil(rest * f.qty, q);
    const back = marginPart + pnl;
    const insurance = back > 0n ? liquidationFee(contract, f.qty * mark, back) : back;
    insuranceDelta += insurance;
    out.push({ ...f, pnl, margin: marginPart, insurance, toUser: back > 0n ? back - insurance : 0n });
    const basis = f.qty === q ? pos.entryValue : divHalfUp(pos.entryValue * f.qty, q);
    pos = { size: pos.size > 0n ? pos.size - f.qty : pos.size + f.qty, entryValue: pos.entryValue - basis };
    rest -= marginPart;
  }
  return {
    marginBalance: state.marginBalance,
    maintenance: state.maintenance,
    liquidatable: state.liquidatable,
    liquidationPrice: liquidationPrice(contract, position, margin),
    bankruptcyPrice: bankruptcyPrice(position, margin),
    fills: out,
    insuranceDelta,
  };
}
