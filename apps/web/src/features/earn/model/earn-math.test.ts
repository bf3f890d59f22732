import { describe, expect, it } from 'vitest';
import { amountProblem, percentOf, previewLock } from './earn-math.ts';

describe('lock preview', () => {
  it('rounds daily earnings down and the penalty up, exactly', () => {
    expect(previewLock('1000.5', 6, '0.0005', 7, '0.01')).toEqual({
      daily: '0.50025',
      expected: '3.50175',
      penalty: '10.005',
      receiveIfEarly: '990.495',
    });
    expect(previewLock('100.000001', 6, '0.0005', 7, '0.01')).toEqual({
      daily: '0.05',
      expected: '0.35',
      penalty: '1.000001',
      receiveIfEarly: '99',
    });
    expect(previewLock('0', 6, '0.0005', 7, '0.01')).toBeNull();
    expect(previewLock('1.1234567', 6, '0.0005', 7, '0.01')).toBeNull();
  });

  it('names the first broken rule', () => {
    const limits = { min: '10', max: '500', available: '300' };
    expect(amountProblem('0', 6, limits)).toBe('zero');
    expect(amountProblem('abc', 6, limits)).toBe('format');
    expect(amountProblem('9.999999', 6, limits)).toBe('belowMin');
    expect(amountProblem('500.000001', 6, limits)).toBe('aboveMax');
    expect(amountProblem('300.5', 6, limits)).toBe('insufficient');
    expect(amountProblem('300', 6, limits)).toBeNull();
  });

  it('shows rates as percentages', () => {
    expect(percentOf('0.0005')).toBe('0.05');
    expect(percentOf('0.012')).toBe('1.2');
  });
});
