import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDepthDelta, bookFromSnapshot, EMPTY_BOOK } from './depth-book.ts';
import { judge, reconnectDelay } from './channel-state.ts';

describe('depth book from snapshot + deltas', () => {
  it('orders bids high→low and asks low→high and drops empty levels', () => {
    const b = bookFromSnapshot({
      bids: [
        ['99.5', '1'],
        ['100', '2'],
        ['98', '0'],
      ],
      asks: [
        ['101.25', '1'],
        ['100.75', '3'],
      ],
    });
    expect(b.bids).toEqual([
      ['100', '2'],
      ['99.5', '1'],
    ]);
    expect(b.asks[0]).toEqual(['100.75', '3']);
  });

  it('replaces, adds and removes levels (quantity "0" removes, "100.50" is "100.5")', () => {
    const b0 = bookFromSnapshot({ bids: [['100.5', '1']], asks: [['101', '1']] });
    const b1 = applyDepthDelta(b0, {
      bids: [
        ['100.50', '4'],
        ['100.6', '1'],
      ],
      asks: [['101', '0']],
    });
    expect(b1.bids).toEqual([
      ['100.6', '1'],
      ['100.50', '4'],
    ]);
    expect(b1.asks).toEqual([]);
    expect(b0.bids).toEqual([['100.5', '1']]); // the old book is untouched
  });

  it('reproduces the book a server would hold after any stream of level changes', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 5 }));
    fc.assert(
      fc.property(fc.array(fc.array(level, { maxLength: 5 }), { maxLength: 30 }), (deltas) => {
        const truth = new Map<number, number>();
        let book = EMPTY_BOOK;
        for (const d of deltas) {
          for (const [p, q] of d) {
            if (q === 0) truth.delete(p);
            else truth.set(p, q);
          }
          book = applyDepthDelta(book, { bids: d.map(([p, q]) => [String(p), String(q)]) });
        }
        const expected = [...truth.entries()].sort((a, b) => b[0] - a[0]).map(([p, q]) => [String(p), String(q)]);
        expect(book.bids).toEqual(expected);
      }),
    );
  });
});

describe('channel sequence rule', () => {
  it('applies consecutive updates, detects a gap, ignores stale and pre-snapshot updates', () => {
    expect(judge({ seq: null }, 'update', 5)).toBe('no-snapshot');
    expect(judge({ seq: null }, 'snapshot', 5)).toBe('snapshot');
    expect(judge({ seq: 5 }, 'update', 6)).toBe('apply');
    expect(judge({ seq: 5 }, 'update', 8)).toBe('gap');
    expect(judge({ seq: 5 }, 'update', 5)).toBe('stale');
  });

  it('backs off up to 15 s (+ jitter)', () => {
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(3, 0)).toBe(4000);
    expect(reconnectDelay(30, 1)).toBe(18000);
  });
});
