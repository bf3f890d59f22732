import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { amountProblem, percentOf, previewLock } from './earn-math.ts';

const SCALE = 6;
const ONE = 10n ** 8n;
/** A rate with up to 8 decimals, as the operator publishes it ("0.0005"). */
const rate = fc.bigInt({ min: 0n, max: ONE / 10n }).map((parts) => formatUnits(parts, 8));

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

  it('keeps the rounding rules for any amount, rate and lock', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        rate,
        fc.integer({ min: 1, max: 365 }),
        rate,
        (units, dailyRate, lockDays, penaltyRate) => {
          const preview = previewLock(formatUnits(units, SCALE), SCALE, dailyRate, lockDays, penaltyRate)!;
          const exactDaily = units * parseUnits(dailyRate, 8); // at SCALE + 8 decimals
          const daily = parseUnits(preview.daily, SCALE);
          // daily earnings: rounded down to the minor unit, never by a whole unit or more
          expect(daily * ONE <= exactDaily && exactDaily < (daily + 1n) * ONE).toBe(true);
          expect(parseUnits(preview.expected, SCALE)).toBe(daily * BigInt(lockDays));
          // the penalty: rounded up, never by a whole unit or more, and it is all that is kept back
          const exactPenalty = units * parseUnits(penaltyRate, 8);
          const penalty = parseUnits(preview.penalty, SCALE);
          expect(penalty * ONE >= exactPenalty && exactPenalty > (penalty - 1n) * ONE).toBe(true);
          expect(parseUnits(preview.receiveIfEarly, SCALE) + penalty).toBe(units);
        },
      ),
    );
  });

  it('shows rates as percentages', () => {
    expect(percentOf('0.0005')).toBe('0.05');
    expect(percentOf('0.012')).toBe('1.2');
    fc.assert(
      fc.property(rate, (r) => {
        // a percentage is the rate × 100, exactly: the point moves, no digit changes
        expect(parseUnits(percentOf(r), 8)).toBe(parseUnits(r, 8) * 100n);
      }),
    );
  });
});
