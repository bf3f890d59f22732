/**
 * The fixed-point units every futures formula works in. Nothing here is a float.
 *
 * A contract maps decimals to integers the way the spot markets do (spot/markets.ts):
 *   price    = ticks × tickSize            (Ticks)
 *   quantity = lots × stepSize             (Lots)
 * and tickSize × stepSize is exactly one USDT minor unit (10^-6), so ticks × lots IS a USDT amount in
 * minor units (Units) with no rounding. Rates (maintenance-margin rate, fees, funding) are integer parts
 * of RATE_ONE = 10^8: Binance publishes funding rates to 8 decimals and every tier rate and fee fits.
 */
export type Ticks = bigint;
export type Lots = bigint;
/** USDT minor units (scale 6). */
export type Units = bigint;
/** Parts of RATE_ONE (10^8): 0.0065 → 650_000n. */
export type Rate = bigint;

export const RATE_DECIMALS = 8;
export const RATE_ONE = 100_000_000n;
export const USDT_SCALE = 6;

/** +1 long, −1 short. */
export type Side = 1 | -1;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "0.0065" → 650_000n. More than 8 decimals is refused rather than rounded. */
export function parseRate(text: string): Rate {
  return parseFixed(text, RATE_DECIMALS);
}

/** A decimal string as an integer at `decimals` places; refuses to lose digits. */
export function parseFixed(text: string, decimals: number): bigint {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal number: ${text}`);
  const frac = m[3] ?? '';
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals))) {
    throw new RangeError(`${text} has more than ${decimals} decimals`);
  }
  const digits = BigInt(m[2]! + frac.slice(0, decimals).padEnd(decimals, '0'));
  return m[1] === '-' ? -digits : digits;
}

/** An integer at `decimals` places as a decimal string, trailing zeros dropped. */
export function formatFixed(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const p = 10n ** BigInt(decimals);
  const frac = decimals > 0 ? (abs % p).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  const text = frac ? `${abs / p}.${frac}` : `${abs / p}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** ⌊a / b⌋ for b > 0 (bigint division truncates toward zero; this floors). */
export function divFloor(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** ⌈a / b⌉ for b > 0. */
export function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

/** a / b rounded toward zero, for b > 0. */
export function divTrunc(a: bigint, b: bigint): bigint {
  return a / b;
}

/** a / b rounded to nearest, ties away from zero, for b > 0. */
export function divHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < b) return q;
  return a < 0n ? q - 1n : q + 1n;
}

export const absBig = (a: bigint): bigint => (a < 0n ? -a : a);
export const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);
export const clampBig = (v: bigint, lo: bigint, hi: bigint): bigint => (v < lo ? lo : v > hi ? hi : v);

/** Value of a quantity at a price, exactly: lots × ticks = USDT minor units. */
export function notionalOf(qty: Lots, price: Ticks): Units {
  return qty * price;
}

/** amount × rate, rounded as asked ('ceil' in the platform's favour for fees and margins). */
export function applyRate(amount: Units, rate: Rate, rounding: 'floor' | 'ceil' | 'trunc'): Units {
  const p = amount * rate;
  return rounding === 'floor' ? divFloor(p, RATE_ONE) : rounding === 'ceil' ? divCeil(p, RATE_ONE) : p / RATE_ONE;
}
