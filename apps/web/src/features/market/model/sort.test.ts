import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_SORT, sortRows, tapColumn, type SortState } from './sort.ts';

describe('list header sort (spec §4)', () => {
  it('cycles none → 1 → 2 → none on the same column', () => {
    let s: SortState = NO_SORT;
    s = tapColumn(s, 'price');
    expect(s).toEqual({ column: 'price', sort: 1 });
    s = tapColumn(s, 'price');
    expect(s).toEqual({ column: 'price', sort: 2 });
    s = tapColumn(s, 'price');
    expect(s).toEqual({ column: null, sort: 0 });
    expect(tapColumn(s, 'price')).toEqual({ column: 'price', sort: 1 });
  });

  it('starts a different column at 1, whatever the current sort', () => {
    expect(tapColumn({ column: 'price', sort: 1 }, 'volume')).toEqual({ column: 'volume', sort: 1 });
    expect(tapColumn({ column: 'price', sort: 2 }, 'name')).toEqual({ column: 'name', sort: 1 });
  });

  const rows = [
    { name: 'ETH/USDT', price: '3000.5', volume: '10' },
    { name: 'BTC/USDT', price: '60000', volume: '2' },
    { name: 'DOGE/USDT', price: '0.00009', volume: null },
    { name: 'ADA/USDT', price: null, volume: '999999999999999999999.1' },
  ];

  it('keeps the server order when unsorted', () => {
    expect(sortRows(rows, NO_SORT).map((r) => r.name)).toEqual(rows.map((r) => r.name));
  });

  it('sorts names A→Z on 1 and Z→A on 2', () => {
    expect(sortRows(rows, { column: 'name', sort: 1 }).map((r) => r.name)).toEqual([
      'ADA/USDT',
      'BTC/USDT',
      'DOGE/USDT',
      'ETH/USDT',
    ]);
    expect(sortRows(rows, { column: 'name', sort: 2 })[0]!.name).toBe('ETH/USDT');
  });

  it('sorts prices exactly, highest first on 1, missing values last both ways', () => {
    expect(sortRows(rows, { column: 'price', sort: 1 }).map((r) => r.name)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'DOGE/USDT',
      'ADA/USDT',
    ]);
    expect(sortRows(rows, { column: 'price', sort: 2 }).map((r) => r.name)).toEqual([
      'DOGE/USDT',
      'ETH/USDT',
      'BTC/USDT',
      'ADA/USDT',
    ]);
    // a volume beyond float precision still sorts first
    expect(sortRows(rows, { column: 'volume', sort: 1 })[0]!.name).toBe('ADA/USDT');
  });

  it('any tap sequence keeps the state valid and sorting is a permutation', () => {
    const column = fc.constantFrom('name', 'price', 'volume') as fc.Arbitrary<'name' | 'price' | 'volume'>;
    fc.assert(
      fc.property(fc.array(column, { maxLength: 20 }), (taps) => {
        let s: SortState = NO_SORT;
        for (const c of taps) s = tapColumn(s, c);
        expect(s.sort === 0).toBe(s.column === null);
        const sorted = sortRows(rows, s);
        expect([...sorted].map((r) => r.name).sort()).toEqual(rows.map((r) => r.name).sort());
      }),
    );
  });
});
