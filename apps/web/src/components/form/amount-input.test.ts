import { describe, expect, it } from 'vitest';
import { acceptsAmountInput } from './amount-input.ts';

describe('amount input', () => {
  it('takes digits and one point, up to the scale', () => {
    expect(acceptsAmountInput('', 6)).toBe(true);
    expect(acceptsAmountInput('12', 6)).toBe(true);
    expect(acceptsAmountInput('12.', 6)).toBe(true);
    expect(acceptsAmountInput('.5', 6)).toBe(true);
    expect(acceptsAmountInput('0.123456', 6)).toBe(true);
  });

  it('drops a keystroke past the scale, a second point or a non-digit', () => {
    expect(acceptsAmountInput('0.1234567', 6)).toBe(false);
    expect(acceptsAmountInput('1.2.3', 6)).toBe(false);
    expect(acceptsAmountInput('1e5', 6)).toBe(false);
    expect(acceptsAmountInput('-1', 6)).toBe(false);
    expect(acceptsAmountInput('1,5', 6)).toBe(false);
  });

  it('keeps a whole-unit currency whole', () => {
    expect(acceptsAmountInput('10', 0)).toBe(true);
    expect(acceptsAmountInput('10.', 0)).toBe(false);
  });
});
