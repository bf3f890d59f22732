import { describe, expect, it } from 'vitest';
import { cumulativeDepth } from './chart-data.ts';

describe('chart data', () => {
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
