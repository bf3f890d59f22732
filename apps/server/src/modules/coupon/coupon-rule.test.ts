import { describe, expect, it } from 'vitest';
import { couponPercents, discountedFee, formatCouponValue, parseCouponValue } from './coupon-rule.ts';

describe('the coupon rule (value × 10 % of the fee is paid)', () => {
  it('maps every value from 1 to 9.9 to the percent paid and the percent off', () => {
    let seen = 0;
    for (let whole = 1; whole <= 9; whole++) {
      for (let tenth = 0; tenth <= 9; tenth++) {
        const text = tenth === 0 ? String(whole) : `${whole}.${tenth}`;
        const tenths = parseCouponValue(text);
        expect(tenths, text).toBe(whole * 10 + tenth);
        const { pay, off } = couponPercents(tenths!);
        expect(pay).toBe(whole * 10 + tenth);
        expect(pay + off).toBe(100);
        expect(formatCouponValue(tenths!)).toBe(text);
        seen++;
      }
    }
    expect(seen).toBe(90);
    expect(couponPercents(90)).toEqual({ pay: 90, off: 10 });
    expect(couponPercents(10)).toEqual({ pay: 10, off: 90 });
  });

  it('refuses values outside 1–9.9 or finer than a tenth', () => {
    for (const bad of ['0', '0.9', '10', '9.95', '1.', '.5', '-1', '9,5', ' 9', '09', 'x']) {
      expect(parseCouponValue(bad), bad).toBeNull();
    }
    expect(() => couponPercents(9)).toThrow(RangeError);
    expect(() => couponPercents(100)).toThrow(RangeError);
    expect(() => couponPercents(50.5)).toThrow(RangeError);
  });

  it('discounts a fee exactly and rounds up by less than one minor unit', () => {
    expect(discountedFee(1000n, 90)).toBe(900n);
    expect(discountedFee(1000n, 10)).toBe(100n);
    expect(discountedFee(1001n, 90)).toBe(901n); // 900.9 → 901
    expect(discountedFee(1n, 10)).toBe(1n); // 0.1 → 1: never nothing
    expect(discountedFee(0n, 50)).toBe(0n);
    for (let fee = 1n; fee < 500n; fee += 7n) {
      for (let t = 10; t <= 99; t++) {
        const d = discountedFee(fee, t);
        // d is the smallest amount with d × 100 ≥ fee × t
        expect(d * 100n >= fee * BigInt(t)).toBe(true);
        expect((d - 1n) * 100n < fee * BigInt(t)).toBe(true);
        expect(d <= fee).toBe(true);
      }
    }
  });
});
