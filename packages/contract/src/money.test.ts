import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  dividePrice,
  divRound,
  feeOf,
  formatUnits,
  isDecimalString,
  multiplyPrice,
  parseRate,
  parseUnits,
  pow10,
  RATE_SCALE,
} from './money.ts';

describe('decimal strings ↔ minor units', () => {
  it('parses and formats at a scale', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n);
    expect(parseUnits('0.00000001', 8)).toBe(1n);
    expect(parseUnits('-2', 2)).toBe(-200n);
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(1_500_000n, 6, { fixed: true })).toBe('1.500000');
    expect(formatUnits(-1n, 8)).toBe('-0.00000001');
    expect(formatUnits(0n, 8)).toBe('0');
    expect(formatUnits(12n, 0)).toBe('12');
  });

  it('refuses digits beyond the scale unless a rounding is named', () => {
    expect(() => parseUnits('0.0000001', 6)).toThrow();
    expect(parseUnits('0.0000019', 6, 'floor')).toBe(1n);
    expect(parseUnits('0.0000011', 6, 'ceil')).toBe(2n);
    expect(parseUnits('-0.0000011', 6, 'floor')).toBe(-2n);
    expect(parseUnits('0.0000015', 6, 'halfUp')).toBe(2n);
    expect(parseUnits('0.0000014', 6, 'halfUp')).toBe(1n);
  });

  it('rejects what is not a plain decimal', () => {
    for (const bad of ['', ' 1', '1e5', '0x10', '1.', '.5', '+1', 'NaN', '1,5', '١']) {
      expect(isDecimalString(bad)).toBe(false);
      expect(() => parseUnits(bad, 6)).toThrow();
    }
  });

  it('formats as whole units, a point and the fraction without trailing zeros (property, against division)', () => {
    const byDivision = (units: bigint, scale: number, fixed: boolean) => {
      const abs = units < 0n ? -units : units;
      const whole = (abs / 10n ** BigInt(scale)).toString();
      const all = scale > 0 ? (abs % 10n ** BigInt(scale)).toString().padStart(scale, '0') : '';
      const frac = fixed ? all : all.replace(/0+$/, '');
      return `${units < 0n ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: -1000n, max: 1000n })),
        fc.integer({ min: 0, max: 18 }),
        fc.boolean(),
        (units, scale, fixed) => {
          expect(formatUnits(units, scale, { fixed })).toBe(byDivision(units, scale, fixed));
        },
      ),
    );
  });

  it('round-trips any amount (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, scale) => {
          expect(parseUnits(formatUnits(units, scale), scale)).toBe(units);
          expect(parseUnits(formatUnits(units, scale, { fixed: true }), scale)).toBe(units);
        },
      ),
    );
  });
});

describe('rounding', () => {
  it('floor ≤ exact ≤ ceil, and they differ by at most one unit (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (a, b) => {
          const lo = divRound(a, b, 'floor');
          const hi = divRound(a, b, 'ceil');
          expect(lo * b <= a).toBe(true);
          expect(hi * b >= a).toBe(true);
          expect(hi - lo <= 1n).toBe(true);
          const h = divRound(a, b, 'halfUp');
          expect(h === lo || h === hi).toBe(true);
        },
      ),
    );
  });
});

describe('price × quantity', () => {
  it('values a quantity at a price', () => {
    // 0.5 BTC × 60000.25 = 30000.125 USDT
    expect(multiplyPrice(50_000_000n, 8, parseUnits('60000.25', 8), 8, 6, 'floor')).toBe(30_000_125_000n);
    // 1 satoshi at 60000 = 0.0006 USDT
    expect(multiplyPrice(1n, 8, parseUnits('60000', 8), 8, 6, 'floor')).toBe(600n);
    // 100 USDT / 60000 → BTC, floor
    expect(dividePrice(100_000_000n, 6, parseUnits('60000', 8), 8, 8, 'floor')).toBe(166_666n);
    expect(dividePrice(100_000_000n, 6, parseUnits('60000', 8), 8, 8, 'ceil')).toBe(166_667n);
  });

  it('buying back what was sold never yields more than was paid (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 14n }), (usdt, price) => {
        const btc = dividePrice(usdt, 6, price, 8, 8, 'floor');
        const back = multiplyPrice(btc, 8, price, 8, 6, 'floor');
        expect(back <= usdt).toBe(true);
      }),
    );
  });
});

describe('fees', () => {
  it('round up by at most one minor unit (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: pow10(RATE_SCALE) }),
        (amount, rate) => {
          const fee = feeOf(amount, rate);
          const exactTimesScale = amount * rate; // fee × 10^18 ≥ exact, and < exact + 10^18
          expect(fee * pow10(RATE_SCALE) >= exactTimesScale).toBe(true);
          expect(fee * pow10(RATE_SCALE) - exactTimesScale < pow10(RATE_SCALE)).toBe(true);
          expect(fee <= amount).toBe(true);
        },
      ),
    );
  });

  it('computes a 0.1 % fee and a spread', () => {
    expect(feeOf(1_000_000n, parseRate('0.001'))).toBe(1000n);
    expect(feeOf(1n, parseRate('0.001'))).toBe(1n); // the platform's one unit
    expect(applyRate(100n, parseRate('0.01'), 1, 'ceil')).toBe(101n);
    expect(applyRate(100n, parseRate('0.01'), -1, 'floor')).toBe(99n);
  });
});
