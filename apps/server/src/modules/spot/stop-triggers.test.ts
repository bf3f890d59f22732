import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StopBook, isCrossed, type StopEntry } from './stop-triggers.ts';

describe('stop triggers on the last price', () => {
  it('a buy stop fires at or above its price, a sell stop at or below', () => {
    const book = new StopBook();
    book.add({ id: 1, side: 'buy', stopPrice: 110 });
    book.add({ id: 2, side: 'sell', stopPrice: 90 });
    expect(book.crossed(109)).toEqual([]);
    expect(book.crossed(91)).toEqual([]);
    expect(book.crossed(110).map((s) => s.id)).toEqual([1]);
    expect(book.crossed(120)).toEqual([]);
    expect(book.crossed(90).map((s) => s.id)).toEqual([2]);
    expect(book.size).toBe(0);
  });

  it('a removed stop never fires; stops crossed together come back in id order', () => {
    const book = new StopBook();
    book.add({ id: 5, side: 'sell', stopPrice: 95 });
    book.add({ id: 3, side: 'sell', stopPrice: 90 });
    book.add({ id: 4, side: 'sell', stopPrice: 99 });
    expect(book.remove(4)).toBe(true);
    expect(book.remove(4)).toBe(false);
    expect(book.crossed(80).map((s) => s.id)).toEqual([3, 5]);
  });

  it('for random price paths every stop fires at most once, and exactly at the first price that crosses it', () => {
    const stop = fc.record({
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      stopPrice: fc.integer({ min: 1, max: 200 }),
    });
    fc.assert(
      fc.property(
        fc.array(stop, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 60 }),
        fc.array(fc.nat({ max: 60 }), { maxLength: 10 }),
        (specs, path, removals) => {
          const stops: StopEntry[] = specs.map((s, i) => ({ id: i + 1, ...s }));
          const book = new StopBook();
          for (const s of stops) book.add(s);
          const removed = new Set(removals.filter((r) => r >= 1 && r <= stops.length));
          for (const id of removed) book.remove(id);
          const firedAt = new Map<number, number>();
          path.forEach((last, step) => {
            const fired = book.crossed(last);
            expect(fired.map((s) => s.id)).toEqual([...fired.map((s) => s.id)].sort((a, b) => a - b));
            for (const s of fired) {
              expect(firedAt.has(s.id), `stop ${s.id} fired twice`).toBe(false);
              firedAt.set(s.id, step);
            }
          });
          for (const s of stops) {
            // the reference: the first step of the path whose price crosses the stop
            const first = removed.has(s.id) ? -1 : path.findIndex((last) => isCrossed(s, last));
            expect(firedAt.get(s.id) ?? -1, `stop ${s.id}`).toBe(first);
          }
          expect(book.size).toBe(stops.length - removed.size - firedAt.size);
        },
      ),
      { numRuns: 300 },
    );
  });
});
