import { describe, expect, it } from 'vitest';
import { defaultRange, earliestFrom, latestTo, rangeBounds } from './date-range.ts';

const DAY = 86_400_000;

describe('records date range', () => {
  const now = new Date(2025, 5, 15, 13, 30);

  it('defaults to the last N days including today, and fits the maximum', () => {
    const r = defaultRange(now, 30);
    expect(r.from).toEqual(new Date(2025, 4, 17));
    expect(r.to).toEqual(new Date(2025, 5, 15, 23, 59, 59, 999));
    const b = rangeBounds(r, 30);
    expect(b).not.toBeNull();
    expect(b!.to - b!.from).toBeLessThanOrEqual(30 * DAY);
  });

  it('refuses an inverted range or one wider than the maximum', () => {
    expect(rangeBounds({ from: new Date(2025, 5, 10), to: new Date(2025, 5, 9) }, 30)).toBeNull();
    expect(rangeBounds({ from: new Date(2025, 0, 1), to: new Date(2025, 5, 1) }, 90)).toBeNull();
    expect(rangeBounds({ from: new Date(2025, 5, 1), to: new Date(2025, 5, 1) }, 1)).not.toBeNull();
  });

  it('limits the picker to the maximum span and never past today', () => {
    expect(earliestFrom(new Date(2025, 5, 15), 90)).toEqual(new Date(2025, 2, 18));
    expect(
      rangeBounds({ from: earliestFrom(new Date(2025, 5, 15), 90), to: new Date(2025, 5, 15) }, 90),
    ).not.toBeNull();
    expect(latestTo(new Date(2025, 5, 10), 90, now)).toEqual(new Date(2025, 5, 15, 23, 59, 59, 999));
    expect(latestTo(new Date(2025, 0, 1), 10, now)).toEqual(new Date(2025, 0, 10, 23, 59, 59, 999));
  });
});
