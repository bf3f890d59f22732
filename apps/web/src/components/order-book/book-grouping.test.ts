import { describe, expect, it } from 'vitest';
import { depthPercents, groupingSteps, groupLevels } from './book-grouping.ts';

describe('order book grouping', () => {
  it('offers the tick and its 10, 100 and 1,000 multiples', () => {
    expect(groupingSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps('0.00001')).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
    expect(groupingSteps('1')).toEqual(['1', '10', '100', '1000']);
  });

  it('rounds bids down to the step and sums their sizes exactly', () => {
    const bids = groupLevels(
      [
        ['64250.19', '0.1'],
        ['64250.10', '0.2'],
        ['64250.09', '0.000001'],
        ['64249.99', '1.5'],
      ],
      '0.1',
      'bid',
    );
    expect(bids).toEqual([
      ['64250.1', '0.3'],
      ['64250.0', '0.000001'],
      ['64249.9', '1.5'],
    ]);
  });

  it('rounds asks up to the step, so a group never shows a better price than its orders', () => {
    const asks = groupLevels(
      [
        ['64250.01', '0.1'],
        ['64250.10', '0.2'],
        ['64250.11', '0.3'],
        ['64260', '0.7'],
      ],
      '10',
      'ask',
    );
    expect(asks).toEqual([['64260', '1.3']]);
    expect(
      groupLevels(
        [
          ['64250.01', '0.1'],
          ['64250.10', '0.2'],
          ['64250.11', '0.3'],
        ],
        '0.1',
        'ask',
      ),
    ).toEqual([
      ['64250.1', '0.3'],
      ['64250.2', '0.3'],
    ]);
  });

  it('keeps sums exact where floats would not (0.1 + 0.2)', () => {
    expect(
      groupLevels(
        [
          ['1.01', '0.1'],
          ['1.02', '0.2'],
        ],
        '1',
        'bid',
      ),
    ).toEqual([['1', '0.3']]);
  });

  it('leaves the levels as they are at the tick and keeps best-first order', () => {
    const levels: Array<[string, string]> = [
      ['100.02', '1'],
      ['100.01', '2'],
    ];
    expect(groupLevels(levels, '0.01', 'bid')).toEqual(levels);
    expect(groupLevels([], '1', 'ask')).toEqual([]);
  });

  it('draws each row by the size summed from the best price, against the deepest side', () => {
    const shares = depthPercents(
      [
        ['10', '1'],
        ['9', '3'],
      ],
      [
        ['11', '2'],
        ['12', '0.5'],
      ],
    );
    expect(shares).toEqual({ bids: [25, 100], asks: [50, 62.5] });
    expect(depthPercents([], [])).toEqual({ bids: [], asks: [] });
  });
});
