import { describe, expect, it } from 'vitest';
import type { Candle } from '@tidemark/contract';
import { chooseChartSource, needsIndex } from './chart-source.ts';

const candle = (time: number, demo = false): Candle => ({
  time,
  open: '1',
  high: '2',
  low: '1',
  close: '2',
  volume: '0',
  turnover: '0',
  trades: 0,
  demo,
});

describe('chart source', () => {
  it("draws the market's own candles as soon as it has one, whatever the index says", () => {
    const own = [candle(60_000)];
    expect(chooseChartSource(own, { candles: [candle(0), candle(60_000)], demo: true })).toEqual({
      kind: 'market',
      candles: own,
    });
    expect(needsIndex(own)).toBe(false);
  });

  it('draws the index candles while the market has no trades, demo when the feed or a candle says so', () => {
    const index = [candle(0), candle(60_000, true)];
    expect(needsIndex([])).toBe(true);
    expect(chooseChartSource([], { candles: index, demo: false })).toEqual({
      kind: 'index',
      candles: index,
      demo: true,
    });
    expect(chooseChartSource([], { candles: [candle(0)], demo: true })).toMatchObject({ kind: 'index', demo: true });
    expect(chooseChartSource([], { candles: [candle(0)], demo: false })).toMatchObject({ kind: 'index', demo: false });
  });

  it('waits instead of showing the index before the market has answered', () => {
    expect(needsIndex(undefined)).toBe(false);
    expect(chooseChartSource(undefined, { candles: [candle(0)], demo: true })).toEqual({ kind: 'loading' });
    expect(chooseChartSource([], { candles: undefined, demo: false })).toEqual({ kind: 'loading' });
  });
});
