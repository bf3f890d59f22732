import { describe, expect, it } from 'vitest';
import { acceptsAmountInput, unitsOf } from './amount-input.ts';

describe('amount input', () => {
  it.each([
    // digits and one point, up to the scale
    ['', 6, true],
    ['12', 6, true],
    ['12.', 6, true],
    ['.5', 6, true],
    ['0.123456', 6, true],
    // a keystroke past the scale, a second point or a non-digit is dropped
    ['0.1234567', 6, false],
    ['1.2.3', 6, false],
    ['1e5', 6, false],
    ['-1', 6, false],
    ['1,5', 6, false],
    // a whole-unit currency stays whole
    ['10', 0, true],
    ['10.', 0, false],
  ])('%j at scale %i is accepted: %s', (text, scale, accepted) => {
    expect(acceptsAmountInput(text, scale)).toBe(accepted);
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
