/**
 * Estimated liquidation price and bankruptcy price of a one-way position (reference A2.3, A2.5).
 *
 * Binance's one-way form, with W the collateral that stands behind the position:
 *   long : LP = (Q×EP − W − cum) / (Q × (1 − MMR))        short: LP = (Q×EP + W + cum) / (Q × (1 + MMR))
 *   isolated: W = the position's margin (initial + added − removed);
 *   cross:    W = cross wallet balance − maintenance of the other cross positions + their uPnL (crossCollateral).
 * The maintenance margin is evaluated AT the liquidation price, so the bracket is the one that contains Q × LP:
 * each bracket is tried and the one whose solution lies inside it is taken.
 *
 * Rounding to ticks is exact, not approximate: the position is liquidatable at mark m iff
 *   (W + uPnL(m)) × RATE_ONE ≤ Q×m×MMR − cum        (liquidation.ts, no rounding)
 * which for a long is m ≤ LP, i.e. m ≤ ⌊LP⌋ in ticks; for a short m ≥ ⌈LP⌉. So the returned tick IS the first
 * mark at which the position is liquidated.
 */
import type { TierTable } from './tier-table.ts';
import type { Position } from './position.ts';
import { maintenanceMarginScaled } from './tiers.ts';
import { unrealizedPnl } from './position.ts';
import { absBig, divCeil, divFloor, RATE_ONE, type Ticks, type Units } from './units.ts';

/**
 * The liquidation tick of a position backed by collateral W, or null when it cannot be liquidated at any
 * positive price (a long whose collateral covers the whole entry value — the UI shows "--").
 */
export function liquidationPrice(contract: TierTable, position: Position, collateral: Units): Ticks | null {
  const q = absBig(position.size);
  if (q === 0n) return null;
  const long = position.size > 0n;
  const tiers = contract.tiers;
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i]!;
    const num = long
      ? (position.entryValue - collateral) * RATE_ONE - tier.cumScaled
      : (position.entryValue + collateral) * RATE_ONE + tier.cumScaled;
    const den = q * (long ? RATE_ONE - tier.mmr : RATE_ONE + tier.mmr);
    if (num <= 0n) {
      if (long) return null; // even tier 1 needs a non-positive price; higher tiers only lower it further
      continue;
    }
    // notional at LP = q × num / den; inside (floor, cap]? (tier 1 includes 0; the last tier has no cap)
    const n = q * num;
    const aboveFloor = i === 0 || n > tier.floor * den;
    const belowCap = i === tiers.length - 1 || n <= tier.cap * den;
    if (aboveFloor && belowCap) {
      const ticks = long ? divFloor(num, den) : divCeil(num, den);
      return ticks >= 1n ? ticks : null;
    }
  }
  return null;
}

/**
 * The price at which the collateral is exactly used up (0 % margin level); liquidations and ADL close there.
 * Rounded so the loss never exceeds the collateral: a long's up, a short's down. null when a long's collateral
 * covers its whole entry value.
 */
export function bankruptcyPrice(position: Position, collateral: Units): Ticks | null {
  const q = absBig(position.size);
  if (q === 0n) return null;
  if (position.size > 0n) {
    const ticks = divCeil(position.entryValue - collateral, q);
    return ticks >= 1n ? ticks : null;
  }
  return divFloor(position.entryValue + collateral, q);
}

export interface OtherLeg {
  contract: TierTable;
  position: Position;
  mark: Ticks;
}

/**
 * W for a cross position: wallet − Σ maintenance of the OTHER cross positions + Σ their uPnL (Binance's
 * WB − TMM1 + UPNL1). The others' maintenance is rounded up, so the estimate errs towards liquidating earlier.
 */
export function crossCollateral(wallet: Units, others: readonly OtherLeg[]): Units {
  let w = wallet;
  for (const o of others) {
    const notional = absBig(o.position.size) * o.mark;
    w += unrealizedPnl(o.position, o.mark) - divCeil(maintenanceMarginScaled(o.contract, notional), RATE_ONE);
  }
  return w;
}

/** Collateral behind a cross position for its bankruptcy price: wallet + the others' uPnL (no maintenance). */
export function crossBankruptcyCollateral(wallet: Units, others: readonly OtherLeg[]): Units {
  let w = wallet;
  for (const o of others) w += unrealizedPnl(o.position, o.mark);
  return w;
}
