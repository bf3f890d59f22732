/**
 * Exact money arithmetic shared by the server and the apps (DESIGN.md §1).
 *
 * An amount lives as a `bigint` count of minor units at a currency's scale (USDT scale 6:
 * 1.5 USDT = 1_500_000n) and travels as a decimal string ("1.5"). Nothing here ever passes through
 * a JavaScript number. Every operation that can lose digits takes an explicit rounding direction.
 */

/** floor: toward −∞; ceil: toward +∞; halfUp: nearest, ties away from zero; exact: refuse to lose digits. */
export type Rounding = 'floor' | 'ceil' | 'halfUp' | 'exact';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export class MoneyFormatError extends Error {}

const POW10: bigint[] = [];
/** 10^n as a bigint (cached). */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0 || n > 80) throw new RangeError(`bad scale ${n}`);
  return (POW10[n] ??= 10n ** BigInt(n));
}

/** True for a plain decimal string: optional minus, digits, optional fraction. No exponent, no spaces. */
export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && s.length <= 80 && DECIMAL.test(s);
}

/**
 * Decimal string → minor units at `scale`. With `exact` (the default) more fraction digits than
 * the scale allows is an error rather than a silent rounding.
 */
export function parseUnits(text: string, scale: number, rounding: Rounding = 'exact'): bigint {
  const m = typeof text === 'string' && text.length <= 80 ? DECIMAL.exec(text) : null;
  if (!m) throw new MoneyFormatError(`not a decimal number: ${String(text)}`);
  const negative = m[1] === '-';
  const whole = m[2]!;
  const frac = m[3] ?? '';
  const digits = BigInt(whole + frac); // value = digits / 10^frac.length
  const magnitude = rescale(digits, frac.length, scale, negative ? flip(rounding) : rounding);
  return negative ? -magnitude : magnitude;
}

/** Minor units → decimal string; trailing zeros of the fraction are dropped unless `fixed`. */
export function formatUnits(units: bigint, scale: number, opts: { fixed?: boolean } = {}): string {
  pow10(scale); // the same check of the scale as everywhere
  const negative = units < 0n;
  // the digits split at the scale: no bigint division (this runs for every amount of every answer)
  const digits = (negative ? -units : units).toString();
  const cut = digits.length - scale;
  const whole = cut > 0 ? digits.slice(0, cut) : '0';
  let frac = cut > 0 ? digits.slice(cut) : digits.padStart(scale, '0');
  if (!opts.fixed) {
    let end = frac.length;
    while (end > 0 && frac.charCodeAt(end - 1) === 48) end--; // trailing '0's
    frac = frac.slice(0, end);
  }
  const text = frac ? `${whole}.${frac}` : whole;
  return negative ? `-${text}` : text;
}

/** Changes the scale of a value: `units` at `from` decimals → units at `to` decimals. */
export function rescale(units: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (to >= from) return units * pow10(to - from);
  return divRound(units, pow10(from - to), rounding);
}

/** a / b rounded as asked; b must be positive. */
export function divRound(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (b <= 0n) throw new RangeError('division by a non-positive number');
  const q = a / b; // truncates toward zero
  const r = a % b;
  if (r === 0n) return q;
  switch (rounding) {
    case 'exact':
      throw new MoneyFormatError('the value has more decimals than its scale allows');
    case 'floor':
      return a < 0n ? q - 1n : q;
    case 'ceil':
      return a < 0n ? q : q + 1n;
    case 'halfUp': {
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice >= b) return a < 0n ? q - 1n : q + 1n;
      return q;
    }
  }
}

/** a × b / c with one rounding at the end (no intermediate loss). */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return divRound(a * b, c, rounding);
}

/**
 * Value of a quantity at a price: `qty` (units at qtyScale) × `price` (units at priceScale) as
 * units at resultScale. Example: 0.5 BTC (scale 8) × 60000.25 USDT (price scale 8) → USDT scale 6.
 */
export function multiplyPrice(
  qty: bigint,
  qtyScale: number,
  price: bigint,
  priceScale: number,
  resultScale: number,
  rounding: Rounding,
): bigint {
  return mulDiv(qty * price, pow10(resultScale), pow10(qtyScale + priceScale), rounding);
}

/** Quantity bought by `value` (units at valueScale) at `price`: value / price as units at resultScale. */
export function dividePrice(
  value: bigint,
  valueScale: number,
  price: bigint,
  priceScale: number,
  resultScale: number,
  rounding: Rounding,
): bigint {
  if (price <= 0n) throw new RangeError('price must be positive');
  return mulDiv(value * pow10(priceScale), pow10(resultScale), price * pow10(valueScale), rounding);
}

/** The scale at which rates (fee rates, spreads) are held: "0.001" → 10^15 units. */
export const RATE_SCALE = 18;

/** A rate such as "0.001" (0.1 %) as units at RATE_SCALE. */
export function parseRate(text: string): bigint {
  return parseUnits(text, RATE_SCALE, 'exact');
}

/**
 * A fee on an amount at a rate. It rounds UP — in the platform's favour — so it is never more than
 * one minor unit above the exact fee (and never below it).
 */
export function feeOf(amount: bigint, rate: bigint): bigint {
  if (amount < 0n || rate < 0n) throw new RangeError('fee of a negative amount or rate');
  return mulDiv(amount, rate, pow10(RATE_SCALE), 'ceil');
}

/** Scales a value by (1 ± rate) rounding as asked; used for spreads. */
export function applyRate(amount: bigint, rate: bigint, sign: 1 | -1, rounding: Rounding): bigint {
  const factor = pow10(RATE_SCALE) + (sign === 1 ? rate : -rate);
  return mulDiv(amount, factor, pow10(RATE_SCALE), rounding);
}

export const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

function flip(r: Rounding): Rounding {
  return r === 'floor' ? 'ceil' : r === 'ceil' ? 'floor' : r;
}
