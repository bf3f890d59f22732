import { divRound, feeOf, formatUnits, mulDiv, parseRate, parseUnits, pow10 } from '@tidemark/contract/money';

/**
 * The published economics of a period, computed exactly (rates are decimal strings, amounts minor
 * units). With payout rate r (profit per unit staked on a win):
 *   break-even win rate  = 1 / (1 + r)          r = 0.85 → 54.05 %
 *   house edge at p = ½  = (1 − r) / 2          r = 0.85 → 7.5 % of the stake (before the fee)
 */
const RATE_DECIMALS = 4;

export function breakEvenPercent(payoutRate: string): string {
  const r = parseUnits(payoutRate, RATE_DECIMALS);
  const one = pow10(RATE_DECIMALS);
  // percent with two decimals: 100 × 100 × 1/(1 + r)
  return formatUnits(divRound(10_000n * one, one + r, 'halfUp'), 2, { fixed: true });
}

export function houseEdgePercent(payoutRate: string): string {
  const r = parseUnits(payoutRate, RATE_DECIMALS);
  const one = pow10(RATE_DECIMALS);
  // percent with two decimals of (1 − r)/2; negative would mean the house expects to lose
  return formatUnits(divRound((one - r) * 5_000n, one, 'halfUp'), 2, { fixed: true });
}

/** Credited on a win: the stake back plus stake × r, rounded down (the platform's favour, < 1 unit). */
export function payoutOf(stake: bigint, payoutRate: string): bigint {
  return stake + mulDiv(stake, parseUnits(payoutRate, RATE_DECIMALS), pow10(RATE_DECIMALS), 'floor');
}

/** The fee charged at purchase, rounded up by at most one minor unit. */
export function feeFor(stake: bigint, feeRate: string): bigint {
  return feeOf(stake, parseRate(feeRate));
}
