/**
 * Exact operations on decimal strings ("12.5", "-0.000031"). Money never becomes a JavaScript
 * number here: rounding and grouping work on the digits (DESIGN.md §1).
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export interface ParsedDecimal {
  negative: boolean;
  /** integer digits without leading zeros ('' for zero) */
  int: string;
  /** fraction digits as written */
  frac: string;
}

export function parseDecimal(value: string): ParsedDecimal | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const [, sign = '', int = '', frac = ''] = m;
  if (int === '' && frac === '') return null;
  return { negative: sign === '-', int: int.replace(/^0+/, ''), frac };
}

/** Rounds half away from zero to exactly `decimals` places; null when the input is not a decimal. */
export function roundDecimal(value: string, decimals: number): string | null {
  const p = parseDecimal(value);
  if (!p) return null;
  return roundParsed(p, decimals);
}

export function roundParsed(p: ParsedDecimal, decimals: number): string {
  const kept = p.frac.slice(0, decimals).padEnd(decimals, '0');
  const roundUp = (p.frac[decimals] ?? '0') >= '5';
  const scaled = BigInt((p.int || '0') + kept) + (roundUp ? 1n : 0n);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  const sign = p.negative && scaled !== 0n ? '-' : '';
  return sign + int + (decimals > 0 ? '.' + frac : '');
}

/** en-US grouping of the integer part: 1234567.5 → 1,234,567.5 */
export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const body = negative ? decimal.slice(1) : decimal;
  const dot = body.indexOf('.');
  const int = dot === -1 ? body : body.slice(0, dot);
  const rest = dot === -1 ? '' : body.slice(dot);
  return (negative ? '-' : '') + int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + rest;
}
