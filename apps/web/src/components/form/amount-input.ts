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
