import {
  feeOf,
  formatUnits,
  isDecimalString,
  mulDiv,
  parseRate,
  parseUnits,
  pow10,
  RATE_SCALE,
} from '@tidemark/contract/money';
import { unitsOf } from '../../../components/form/amount-input.ts';

/**
 * The confirm screen's preview, exact and by the server's published rules (bigint minor units,
 * never a JavaScript number): daily earnings = amount × daily rate rounded DOWN to the currency's
 * minor unit; expected earnings = daily × lock days; the principal part of the early-redemption
 * penalty = amount × penalty rate rounded UP. The server decides; this only shows the same numbers.
 */
export interface LockPreview {
  daily: string;
  expected: string;
  penalty: string;
  receiveIfEarly: string;
}

export function previewLock(
  amount: string,
  scale: number,
  dailyRate: string,
  lockDays: number,
  penaltyRate: string,
): LockPreview | null {
  const units = unitsOf(amount, scale);
  if (units === null) return null;
  const daily = mulDiv(units, parseRate(dailyRate), pow10(RATE_SCALE), 'floor');
  const penalty = feeOf(units, parseRate(penaltyRate));
  return {
    daily: formatUnits(daily, scale),
    expected: formatUnits(daily * BigInt(lockDays), scale),
    penalty: formatUnits(penalty, scale),
    receiveIfEarly: formatUnits(units - penalty, scale),
  };
}

export type AmountProblem = 'zero' | 'format' | 'belowMin' | 'aboveMax' | 'insufficient';

/** The first rule an amount breaks, in the server's order; null when it passes. */
export function amountProblem(
  text: string,
  scale: number,
  limits: { min: string; max: string; available: string | undefined },
): AmountProblem | null {
  const s = text.trim();
  if (!isDecimalString(s) || s.startsWith('-')) return 'format';
  if ((s.split('.')[1] ?? '').length > scale) return 'format';
  const units = parseUnits(s, scale);
  if (units <= 0n) return 'zero';
  if (units < parseUnits(limits.min, scale)) return 'belowMin';
  if (units > parseUnits(limits.max, scale)) return 'aboveMax';
  if (limits.available !== undefined && units > parseUnits(limits.available, scale)) return 'insufficient';
  return null;
}

/** A daily rate as a percentage for display: "0.0005" → "0.05". */
export function percentOf(rate: string): string {
  return formatUnits(parseRate(rate) * 100n, RATE_SCALE);
}
