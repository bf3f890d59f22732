import { describe, expect, it } from 'vitest';
import { chartGeometry } from './chart.ts';
import { clockOffset, mmss, secondsLeft } from './server-time.ts';
import { previewReturn, stakeProblem } from './stake.ts';
import { afterRefusal } from './terms.ts';

describe('cycle screen model', () => {
  it('counts down on the server clock', () => {
    const offset = clockOffset(1_000_000 + 90_000, 1_000_000); // the server is 90 s ahead (dev clock)
    expect(secondsLeft(1_000_000 + 90_000 + 60_000, 1_000_000, offset)).toBe(60);
    expect(secondsLeft(1_000_000 + 90_000 + 59_001, 1_000_000, offset)).toBe(60);
    expect(secondsLeft(1_000_000, 1_000_000, offset)).toBe(0);
    expect(mmss(75)).toBe('01:15');
  });

  it('checks the stake exactly against the minimum, maximum and balance', () => {
    const limits = { min: '100', max: '50000', available: '150.5' };
    expect(stakeProblem('', limits)).toBe('empty');
    expect(stakeProblem('99.999999', limits)).toBe('min');
    expect(stakeProblem('100.0000001', limits)).toBe('format');
    expect(stakeProblem('150.500001', limits)).toBe('insufficient');
    expect(stakeProblem('150.5', limits)).toBeNull();
    expect(stakeProblem('50000.01', { ...limits, available: '1000000' })).toBe('max');
  });

  it('previews the return of a win as the server rounds it', () => {
    expect(previewReturn('100', '0.85')).toBe('185');
    expect(previewReturn('100.000001', '0.85')).toBe('185.000001');
    expect(previewReturn('0.000003', '0.85')).toBe('0.000005');
    expect(previewReturn('abc', '0.85')).toBeNull();
  });

  it('lays out the chart inside its box', () => {
    const g = chartGeometry(
      [
        { ts: 0, price: '10' },
        { ts: 1000, price: '12' },
        { ts: 2000, price: '11' },
      ],
      100,
      50,
      0,
    );
    expect(g.points).toEqual([
      { x: 0, y: 50 },
      { x: 50, y: 0 },
      { x: 100, y: 25 },
    ]);
    expect(g).toMatchObject({ min: '10', max: '12' });
    expect(chartGeometry([], 100, 50).path).toBe('');
  });

  it('shows the new quote when the terms changed between quote and purchase, and closes the ticket otherwise', () => {
    expect(afterRefusal('CYCLE_TERMS_CHANGED')).toBe('show-new-quote');
    expect(afterRefusal('CYCLE_CAPACITY')).toBe('close');
    expect(afterRefusal('INSUFFICIENT_BALANCE')).toBe('close');
  });
});
