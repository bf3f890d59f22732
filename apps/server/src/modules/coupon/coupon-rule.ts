/**
 * The coupon rule of spec §9: a coupon's value times 10 is the percent of the fee its owner pays.
 * A value of 9 means "pay 90 % of the fee (10 % off)". Values go from 1.0 to 9.9 in steps of 0.1
 * and are kept as whole tenths (10–99) so no float is ever involved: the tenths ARE the percent paid.
 */

export const MIN_TENTHS = 10;
export const MAX_TENTHS = 99;

/** "9" or "9.5" → 90 or 95; null for anything outside 1.0–9.9 or with more than one decimal. */
export function parseCouponValue(text: string): number | null {
  const m = /^([1-9])(?:\.(\d))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 10 + Number(m[2] ?? '0');
}

/** 95 → "9.5", 90 → "9". */
export function formatCouponValue(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const frac = tenths % 10;
  return frac === 0 ? String(whole) : `${whole}.${frac}`;
}

/** The percent of the fee paid and the percent taken off, both whole numbers that add up to 100. */
export function couponPercents(tenths: number): { pay: number; off: number } {
  if (!Number.isInteger(tenths) || tenths < MIN_TENTHS || tenths > MAX_TENTHS) {
    throw new RangeError(`coupon value out of range: ${tenths}`);
  }
  return { pay: tenths, off: 100 - tenths };
}

/**
 * The fee after the coupon: fee × tenths / 100, rounded UP (the exchange's favour, by less than one
 * minor unit). A fee of 1 unit stays 1: a coupon never turns a fee into nothing.
 */
export function discountedFee(fee: bigint, tenths: number): bigint {
  couponPercents(tenths);
  if (fee <= 0n) return fee;
  return (fee * BigInt(tenths) + 99n) / 100n;
}
