import { parseDecimal } from './decimal.ts';

/**
 * Compares two decimal strings exactly (-1, 0, 1) by aligning their digits as bigints; a string
 * that is not a decimal sorts as zero. Sorting prices and percentages never goes through a float.
 */
export function compareDecimal(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const places = Math.max(x?.frac.length ?? 0, y?.frac.length ?? 0);
  const scaled = (p: typeof x): bigint => {
    if (!p) return 0n;
    const v = BigInt((p.int || '0') + p.frac.padEnd(places, '0'));
    return p.negative ? -v : v;
  };
  const u = scaled(x);
  const v = scaled(y);
  return u < v ? -1 : u > v ? 1 : 0;
}
