import { groupThousands, parseDecimal, roundParsed, type ParsedDecimal } from './decimal.ts';

/**
 * The price display rule of spec §9: below 0.0001 show 8 decimals, below 10 show 4, below 100 show
 * 3, otherwise 2, with en-US grouping. The size of the value (ignoring its sign) picks the decimals;
 * rounding is half away from zero on the digits, never through a float.
 */
export function priceDecimals(p: ParsedDecimal): number {
  if (p.int === '') {
    // below 1: below 0.0001 exactly when the first four fraction digits are all zero
    return /^0{4}/.test(p.frac.padEnd(4, '0')) ? 8 : 4;
  }
  if (p.int.length === 1) return 4; // 1 ≤ x < 10
  if (p.int.length === 2) return 3; // 10 ≤ x < 100
  return 2;
}

/** Formats a decimal-string price for display; `placeholder` when there is no valid price. */
export function formatPrice(value: string | null | undefined, placeholder = '--'): string {
  if (value === null || value === undefined) return placeholder;
  const p = parseDecimal(value);
  if (!p) return placeholder;
  return groupThousands(roundParsed(p, priceDecimals(p)));
}
