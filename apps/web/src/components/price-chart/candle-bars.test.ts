import { describe, expect, it } from 'vitest';
import type { Candle } from '@tidemark/contract';
import { candleBars } from './candle-bars.ts';

const candle = (time: number, close: string): Candle => ({
  time,
  open: '1',
  high: close,
  low: '1',
  close,
  volume: '1',
  turnover: '1',
  trades: 1,
  demo: false,
});

describe('candle bars', () => {
  it('turns candles into ascending bars in seconds, one per time', () => {
    const bars = candleBars([candle(120_000, '3'), candle(60_000, '2'), candle(120_000, '4')]);
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [60, 2],
      [120, 4],
    ]);
  });
});
