/**
 * Risk tiers: which bracket a notional falls in, the maintenance margin it requires, and the leverage it allows.
 */
import type { Tier, TierTable } from './tier-table.ts';
import { divCeil, RATE_ONE, type Units } from './units.ts';

/**
 * The bracket of a notional: the first whose cap is ≥ the notional (a notional exactly on an edge belongs to the
 * lower bracket, as Binance's floor-exclusive caps). Above the last cap: the last bracket — such a position can
 * only exist through price moves, never be opened (maxNotionalForLeverage refuses it).
 */
export function tierFor(contract: TierTable, notional: Units): Tier {
  const tiers = contract.tiers;
  for (let i = 0; i < tiers.length; i++) {
    if (notional <= tiers[i]!.cap) return tiers[i]!;
  }
  return tiers[tiers.length - 1]!;
}

/**
 * Maintenance margin × RATE_ONE, exact: notional × MMR − cum. Comparisons (liquidation) use this form so no
 * rounding ever decides a liquidation.
 */
export function maintenanceMarginScaled(contract: TierTable, notional: Units): bigint {
  const tier = tierFor(contract, notional);
  return notional * tier.mmr - tier.cumScaled;
}

/** Maintenance margin in USDT minor units, rounded up (the requirement is never understated). */
export function maintenanceMargin(contract: TierTable, notional: Units): Units {
  return divCeil(maintenanceMarginScaled(contract, notional), RATE_ONE);
}

/** The highest leverage a position of this notional may use: its bracket's maximum. */
export function maxLeverageForNotional(contract: TierTable, notional: Units): number {
  return tierFor(contract, notional).maxLeverage;
}

/**
 * The largest notional a position may reach at leverage L: the cap of the highest bracket whose maximum
 * leverage is ≥ L (reference A1.3). 0 when L exceeds the contract's maximum.
 */
export function maxNotionalForLeverage(contract: TierTable, leverage: number): Units {
  let cap = 0n;
  for (const tier of contract.tiers) {
    if (tier.maxLeverage >= leverage) cap = tier.cap;
  }
  return cap;
}

export type LeverageError = 'leverageInvalid' | 'leverageTooHighForPosition';

/**
 * Checks a leverage choice against the notional the position would have (after an order, or now when the user
 * raises leverage). Returns null when allowed.
 */
export function checkLeverage(contract: TierTable, leverage: number, notional: Units): LeverageError | null {
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > contract.maxLeverage) return 'leverageInvalid';
  if (notional > maxNotionalForLeverage(contract, leverage)) return 'leverageTooHighForPosition';
  return null;
}
