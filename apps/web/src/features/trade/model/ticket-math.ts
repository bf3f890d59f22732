import { divRound, formatUnits, MoneyFormatError, parseUnits, pow10, RATE_SCALE } from '@tidemark/contract/money';

/**
 * Exact arithmetic for the ticket on decimal strings: every value is held as units at SCALE
 * decimals (enough for any tick, step or fee rate of a market). Never a float.
 */
export const SCALE = 18;

export function units(text: string): bigint | null {
  if (!text || text === '.') return null;
  const t = text.startsWith('.') ? `0${text}` : text.endsWith('.') ? text.slice(0, -1) : text;
  try {
    return parseUnits(t, SCALE, 'exact');
  } catch (e) {
    if (e instanceof MoneyFormatError) return null;
    throw e;
  }
}

export const text = (u: bigint): string => formatUnits(u, SCALE);

/** a × b at SCALE, rounded as asked. */
export function mul(a: bigint, b: bigint, rounding: 'floor' | 'ceil'): bigint {
  return divRound(a * b, pow10(SCALE), rounding);
}

/** a ÷ b at SCALE, rounded as asked. */
export function div(a: bigint, b: bigint, rounding: 'floor' | 'ceil'): bigint {
  return divRound(a * pow10(SCALE), b, rounding);
}

/** Down to a multiple of `step` (a quantity the market accepts). */
export function floorTo(value: bigint, step: bigint): bigint {
  return step > 0n ? (value / step) * step : value;
}

export function isMultiple(value: bigint, step: bigint): boolean {
  return step <= 0n || value % step === 0n;
}

/** A fee rate ("0.001") as units at SCALE. */
export function rate(textRate: string): bigint {
  return parseUnits(textRate, RATE_SCALE, 'exact') * pow10(SCALE - RATE_SCALE);
}

/** Units at SCALE rounded down to `decimals` places, as text. */
export function textAt(u: bigint, decimals: number, rounding: 'floor' | 'ceil' = 'floor'): string {
  return formatUnits(divRound(u, pow10(SCALE - decimals), rounding), decimals);
}
