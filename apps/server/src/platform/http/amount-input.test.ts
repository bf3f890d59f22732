import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { amountInput } from './amount-input.ts';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError)
      return { key: err.errorKey, message: err.messageKey, params: err.params, field: err.field };
    throw err;
  }
  throw new Error('accepted');
};

describe('amountInput', () => {
  it('takes a plain decimal at the asset scale exactly', () => {
    expect(amountInput('1.5', 6)).toBe(1_500_000n);
    expect(amountInput('0.000001', 6)).toBe(1n);
    expect(amountInput('1.50000000', 6)).toBe(1_500_000n); // trailing zeros lose nothing
  });

  it('refuses more decimals than the scale with one message naming the scale and the field', () => {
    expect(refusal(() => amountInput('0.0000001', 6, 'stake'))).toEqual({
      key: 'AMOUNT_SCALE',
      message: 'validation.amountScale',
      params: { scale: 6 },
      field: 'stake',
    });
  });

  it('refuses exponents, signs and other shapes as invalid', () => {
    for (const bad of ['1e3', '-1', '+1', '1.', '.5', ' 1', '0x10', 'NaN', '1'.repeat(81)]) {
      expect(refusal(() => amountInput(bad, 6)).message).toBe('validation.invalid');
    }
  });

  it('takes a sign only when the caller allows one', () => {
    expect(amountInput('-2.5', 2, 'amount', { signed: true })).toBe(-250n);
  });
});
