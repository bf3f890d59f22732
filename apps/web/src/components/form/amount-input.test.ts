import { describe, expect, it } from 'vitest';
import { acceptsAmountInput, unitsOf } from './amount-input.ts';

describe('amount input', () => {
  it('takes digits and one point, up to the scale', () => {
    for (const text of ['', '12', '12.', '.5', '0.123456']) expect(acceptsAmountInput(text, 6), text).toBe(true);
  });

  it('drops a keystroke past the scale, a second point or a non-digit', () => {
    for (const text of ['0.1234567', '1.2.3', '1e5', '-1', '1,5'])
      expect(acceptsAmountInput(text, 6), text).toBe(false);
  });

  it('keeps a whole-unit currency whole', () => {
    expect(acceptsAmountInput('10', 0)).toBe(true);
    expect(acceptsAmountInput('10.', 0)).toBe(false);
  });

  it('reads typed amounts exactly at the scale', () => {
    expect(unitsOf('1.5', 6)).toBe(1_500_000n);
    expect(unitsOf(' 100 ', 6)).toBe(100_000_000n);
    expect(unitsOf('0.1234567', 6)).toBeNull();
    expect(unitsOf('0', 6)).toBeNull();
    expect(unitsOf('-1', 6)).toBeNull();
    expect(unitsOf('1e3', 6)).toBeNull();
    expect(unitsOf('', 6)).toBeNull();
  });
});
