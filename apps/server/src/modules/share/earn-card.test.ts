import { describe, expect, it } from 'vitest';
import { annualPercent, percentOfUnits } from './earn-card.ts';

describe('earn card arithmetic', () => {
  it('annualises a daily rate × 365, half up at two decimals', () => {
    expect(annualPercent('0.0005')).toBe('18.25');
    expect(annualPercent('0.0008')).toBe('29.20');
    // 0.000123456 × 365 × 100 = 4.506144 → 4.51
    expect(annualPercent('0.000123456')).toBe('4.51');
    expect(annualPercent('0')).toBe('0.00');
  });

  it('gives a part of the principal in percent, signed, exact on minor units', () => {
    expect(percentOfUnits(1_000_000n, 1_000_000_000n)).toBe('+0.10');
    expect(percentOfUnits(-10_000_000n, 1_000_000_000n)).toBe('-1.00');
    expect(percentOfUnits(0n, 1_000_000_000n)).toBe('0.00');
    // 1 / 3 of a percent: 0.333… → 0.33; 2 / 3 → 0.67 (half up)
    expect(percentOfUnits(1n, 300n)).toBe('+0.33');
    expect(percentOfUnits(2n, 300n)).toBe('+0.67');
    expect(percentOfUnits(5n, 0n)).toBe('0.00');
  });
});
