import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { tickMark } from './candle-chart.ts';

// 2026-11-27 09:05:07 UTC
const at = (Date.UTC(2026, 10, 27, 9, 5, 7) / 1000) as UTCTimestamp;
// the same moment as the library's own label writes it (toLocaleString of the UTC parts)
const library = (options: Intl.DateTimeFormatOptions) =>
  new Date(2026, 10, 27, 9, 5, 7).toLocaleString('en-US', options);

describe('time axis labels', () => {
  it('writes a time of day from its UTC digits, as the library does', () => {
    expect(tickMark(at, TickMarkType.Time, 'en-US')).toBe('09:05');
    expect(tickMark(at, TickMarkType.TimeWithSeconds, 'en-US')).toBe('09:05:07');
    expect(tickMark(at, TickMarkType.Time, 'en-US')).toBe(
      library({ hour12: false, hour: '2-digit', minute: '2-digit' }),
    );
  });

  it('keeps the language for days, months and years', () => {
    expect(tickMark(at, TickMarkType.DayOfMonth, 'en-US')).toBe(library({ day: 'numeric' }));
    expect(tickMark(at, TickMarkType.Month, 'en-US')).toBe(library({ month: 'short' }));
    expect(tickMark(at, TickMarkType.Year, 'en-US')).toBe('2026');
    expect(tickMark(at, TickMarkType.Month, 'ja-JP')).toBe('11月');
  });

  it('leaves other kinds of time to the library', () => {
    expect(tickMark('2026-11-27', TickMarkType.DayOfMonth, 'en-US')).toBeNull();
    expect(tickMark({ year: 2026, month: 11, day: 27 }, TickMarkType.DayOfMonth, 'en-US')).toBeNull();
    expect(tickMark(0 as UTCTimestamp, TickMarkType.Time, 'en-US')).toBe('00:00');
  });
});
