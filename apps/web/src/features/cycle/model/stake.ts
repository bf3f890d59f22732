import { formatUnits, mulDiv, parseUnits, pow10 } from '@tidemark/contract/money';

/** USDT minor units: the stake's scale on the server. */
export const STAKE_SCALE = 6;

export type StakeProblem = 'empty' | 'format' | 'min' | 'max' | 'insufficient';

/** Why an amount cannot be staked, or null. Exact decimal comparisons only (no floats). */
export function stakeProblem(
  text: string,
  limits: { min: string; max: string; available?: string | null },
): StakeProblem | null {
  const v = text.trim();
  if (!v) return 'empty';
  let units: bigint;
  try {
    units = parseUnits(v, STAKE_SCALE);
  } catch {
    return 'format';
  }
  if (units <= 0n) return 'format';
  if (units < parseUnits(limits.min, STAKE_SCALE)) return 'min';
  if (units > parseUnits(limits.max, STAKE_SCALE)) return 'max';
  if (limits.available != null && units > parseUnits(limits.available, STAKE_SCALE, 'floor')) return 'insufficient';
  return null;
}

/**
 * A preview of what a win returns (the stake back plus stake × payout rate, rounded down like the
 * server does). The confirmation shows the server's own quote; this is only the hint under the field.
 */
export function previewReturn(stake: string, payoutRate: string): string | null {
  try {
    const s = parseUnits(stake.trim(), STAKE_SCALE);
    if (s <= 0n) return null;
    return formatUnits(s + mulDiv(s, parseUnits(payoutRate, 4), pow10(4), 'floor'), STAKE_SCALE);
  } catch {
    return null;
  }
}
