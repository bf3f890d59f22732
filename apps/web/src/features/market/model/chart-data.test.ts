import { describe, expect, it } from 'vitest';
import type { Candle } from '@tidemark/contract';
import { candleBars, cumulativeDepth } from './chart-data.ts';

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

describe('chart data', () => {
  it('turns candles into ascending bars in seconds, one per time', () => {
    const bars = candleBars([candle(120_000, '3'), candle(60_000, '2'), candle(120_000, '4')]);
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [60, 2],
      [120, 4],
    ]);
  });

  it('sums depth exactly from the best price outward, ascending by price', () => {
    const bids = cumulativeDepth(
      [
        ['100', '0.1'],
        ['99', '0.2'],
        ['98', '0.3'],
      ],
      'bid',
    );
    expect(bids).toEqual([
      { price: 98, total: 0.6 },
      { price: 99, total: 0.3 },
      { price: 100, total: 0.1 },
    ]);
    const asks = cumulativeDepth(
      [
        ['101', '1'],
        ['102', '2'],
      ],
      'ask',
    );
    expect(asks).toEqual([
      { price: 101, total: 1 },
      { price: 102, total: 3 },
    ]);
  });
});
