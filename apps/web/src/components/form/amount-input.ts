import { isDecimalString, parseUnits } from '@tidemark/contract/money';

/**
 * Whether a keystroke leaves the amount box holding something that can still become an amount of
 * `scale` decimals: digits, at most one point, no more decimals than the currency keeps. A
 * keystroke that would not is dropped, so the box never holds a figure the server would refuse
 * for its precision. Empty is allowed (the user cleared it).
 */
export function acceptsAmountInput(text: string, scale: number): boolean {
  if (text === '') return true;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return false;
  const decimals = m[2];
  if (decimals === undefined) return true;
  return scale > 0 && decimals.length <= scale;
}

/** The amount as typed in minor units, or null when it is not a positive decimal with at most `scale` decimals. */
export function unitsOf(text: string, scale: number): bigint | null {
  const s = text.trim();
  if (!isDecimalString(s) || s.startsWith('-')) return null;
  const frac = s.split('.')[1] ?? '';
  if (frac.length > scale) return null;
  const units = parseUnits(s, scale);
  return units > 0n ? units : null;
}
