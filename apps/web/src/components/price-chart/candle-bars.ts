import type { Candle } from '@tidemark/contract';

/**
 * Candle-chart input. The chart library draws with floats; these numbers are only pixels' worth of precision and
 * never feed back into money.
 */
export interface Bar {
  time: number; // seconds (the library's UTCTimestamp)
  open: number;
  high: number;
  low: number;
  close: number;
}

export function candleBars(candles: readonly Candle[]): Bar[] {
  const bars: Bar[] = [];
  let lastTime = -1;
  for (const c of [...candles].sort((a, b) => a.time - b.time)) {
    const time = Math.floor(c.time / 1000);
    if (time === lastTime) bars.pop(); // one bar per time: the newest wins
    bars.push({ time, open: Number(c.open), high: Number(c.high), low: Number(c.low), close: Number(c.close) });
    lastTime = time;
  }
  return bars;
}
