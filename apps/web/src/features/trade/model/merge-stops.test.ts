import { describe, expect, it } from 'vitest';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { mergeStops } from './merge-stops.ts';

const stop = (id: number, status: StopOrder['status'], updatedAt: number, symbol = 'BTCUSDT') =>
  ({ id, symbol, status, updatedAt }) as StopOrder;

describe('mergeStops', () => {
  it('takes the newer state of each stop of the market and adds new ones, newest first', () => {
    const list = [stop(2, 'waiting', 10), stop(1, 'triggered', 30)];
    const changed = [
      stop(2, 'triggered', 20),
      stop(1, 'waiting', 5),
      stop(3, 'waiting', 25),
      stop(4, 'waiting', 1, 'ETHUSDT'),
    ];
    expect(mergeStops(list, changed, 'BTCUSDT').map((s) => [s.id, s.status])).toEqual([
      [3, 'waiting'],
      [2, 'triggered'],
      [1, 'triggered'], // the channel's older state does not undo what the list already knew
    ]);
  });

  it('keeps at most the recent ones', () => {
    const many = Array.from({ length: 12 }, (_, i) => stop(i + 1, 'waiting', 1));
    expect(mergeStops([], many, 'BTCUSDT').map((s) => s.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });
});
