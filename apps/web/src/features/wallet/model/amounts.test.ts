import { describe, expect, it } from 'vitest';
import { amountProblem, isPositive, percentOf, rateFee, receiveAfterFee, showAmount, showValue } from './amounts.ts';

describe('wallet amount previews', () => {
  it('names the first broken rule in the order the server checks them', () => {
    const limits = { min: '100', max: '1000000', available: '250.5' };
    expect(amountProblem('abc', 6, limits)).toBe('invalid');
    expect(amountProblem('0', 6, limits)).toBe('invalid');
    expect(amountProblem('100.0000001', 6, limits)).toBe('tooManyDecimals');
    expect(amountProblem('99.999999', 6, limits)).toBe('belowMin');
    expect(amountProblem('1000000.000001', 6, limits)).toBe('aboveMax');
    expect(amountProblem('250.500001', 6, limits)).toBe('insufficient');
    expect(amountProblem('250.5', 6, limits)).toBeNull();
    expect(amountProblem('100', 6, limits)).toBeNull();
  });

  it('subtracts the network fee without floats', () => {
    expect(receiveAfterFee('100', '1', 6)).toBe('99');
    expect(receiveAfterFee('0.1', '0.0002', 8)).toBe('0.0998');
    expect(receiveAfterFee('1', '1', 6)).toBeNull();
    expect(receiveAfterFee('x', '1', 6)).toBeNull();
    // 0.1 + 0.2 style traps stay exact
    expect(receiveAfterFee('0.3', '0.1', 8)).toBe('0.2');
  });

  it('rounds a rate fee up, in the platform favour by at most one unit', () => {
    expect(rateFee('1000', '0.01', 6)).toEqual({ fee: '10', receive: '990' });
    expect(rateFee('100.000001', '0.01', 6)).toEqual({ fee: '1.000001', receive: '99' });
    expect(rateFee('nope', '0.01', 6)).toBeNull();
  });

  it('shows balances with every digit the server sent', () => {
    expect(showAmount('1234567.00012345')).toBe('1,234,567.00012345');
    expect(showAmount(null)).toBe('--');
    expect(showAmount('NaN')).toBe('--');
    expect(isPositive('0.000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(percentOf('0.002')).toBe('0.2');
    expect(percentOf('0.001')).toBe('0.1');
    expect(showValue('0')).toBe('0.00');
    expect(showValue('1000')).toBe('1,000.00');
    expect(showValue('0.00005')).toBe('0.00005000');
    expect(showValue(null)).toBe('--');
  });
});
