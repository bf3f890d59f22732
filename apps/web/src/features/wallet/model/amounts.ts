import { feeOf, formatUnits, isDecimalString, parseRate, parseUnits } from '@tidemark/contract/money';
import { groupThousands } from '../../../lib/format/decimal.ts';
import { formatPrice } from '../../../lib/format/price.ts';
import { unitsOf } from '../../../components/form/amount-input.ts';

/**
 * Exact client-side previews of wallet amounts (what the user will receive, whether an amount is
 * in range). Amounts stay decimal strings; arithmetic runs on bigint minor units through the
 * contract's money helpers, never through a JavaScript number. The server decides; this only
 * previews the same rules.
 */

export type AmountProblem = 'invalid' | 'tooManyDecimals' | 'belowMin' | 'aboveMax' | 'insufficient';

/** The first rule an amount breaks, in the order the server checks them; null when it passes. */
export function amountProblem(
  text: string,
  scale: number,
  limits: { min?: string; max?: string; available?: string },
): AmountProblem | null {
  const s = text.trim();
  if (!isDecimalString(s) || s.startsWith('-')) return 'invalid';
  if ((s.split('.')[1] ?? '').length > scale) return 'tooManyDecimals';
  const units = parseUnits(s, scale);
  if (units <= 0n) return 'invalid';
  if (limits.min !== undefined && units < parseUnits(limits.min, scale, 'ceil')) return 'belowMin';
  if (limits.max !== undefined && units > parseUnits(limits.max, scale, 'floor')) return 'aboveMax';
  if (limits.available !== undefined && units > parseUnits(limits.available, scale, 'floor')) return 'insufficient';
  return null;
}

/** amount − fee at `scale` (an on-chain withdrawal's amount credited); null when not positive or not a valid amount. */
export function receiveAfterFee(amount: string, fee: string, scale: number): string | null {
  const units = unitsOf(amount, scale);
  if (units === null) return null;
  const rest = units - parseUnits(fee, scale, 'ceil');
  return rest > 0n ? formatUnits(rest, scale) : null;
}

/** A rate-based fee rounded up (the server's rule for bank withdrawals) and what remains. */
export function rateFee(amount: string, feeRate: string, scale: number): { fee: string; receive: string } | null {
  const units = unitsOf(amount, scale);
  if (units === null) return null;
  const fee = feeOf(units, parseRate(feeRate));
  return { fee: formatUnits(fee, scale), receive: formatUnits(units - fee, scale) };
}

/** True when the decimal string is greater than zero. */
export function isPositive(value: string): boolean {
  return isDecimalString(value) && !value.startsWith('-') && /[1-9]/.test(value);
}

/** A balance for display: the server's exact digits, grouped, never rounded away. */
export function showAmount(value: string | null | undefined, placeholder = '--'): string {
  if (value === null || value === undefined || !isDecimalString(value)) return placeholder;
  return groupThousands(value);
}

/**
 * A USDT valuation for display: the spec §9 price rule, except that zero reads "0.00" (the rule
 * would print a zero with 8 decimals because it is below 0.0001).
 */
export function showValue(value: string | null | undefined, placeholder = '--'): string {
  if (value === null || value === undefined || !isDecimalString(value)) return placeholder;
  return /[1-9]/.test(value) ? formatPrice(value) : '0.00';
}

/** A rate as a percentage for display: "0.002" → "0.2". */
export function percentOf(rate: string): string {
  return formatUnits(parseUnits(rate, 18) * 100n, 18);
}
