import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_SLOT, OrderIndex } from './order-index.ts';

// The index against a Map on random add / delete / lookup sequences. A tiny starting capacity makes it grow many
// times, and ids drawn from a narrow set collide in long probe runs, which is where backward-shift deletion can go
// wrong. Ids beyond 2^32 exercise the high half of the hash.

const id = fc.oneof(
  fc.integer({ min: 1, max: 60 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: 1, max: 60 }).map((n) => 2 ** 32 * n + 7),
);
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), id, slot: fc.integer({ min: 0, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('delete' as const), id }),
  fc.record({ kind: fc.constant('get' as const), id }),
);

describe('OrderIndex', () => {
  it('answers like a Map through growth and deletions', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const index = new OrderIndex(16);
        const model = new Map<number, number>();
        for (const o of ops) {
          if (o.kind === 'add') {
            if (model.has(o.id)) continue;
            index.add(o.id, o.slot);
            model.set(o.id, o.slot);
          } else if (o.kind === 'delete') {
            expect(index.delete(o.id)).toBe(model.get(o.id) ?? NO_SLOT);
            model.delete(o.id);
          } else {
            expect(index.get(o.id)).toBe(model.get(o.id) ?? NO_SLOT);
          }
          expect(index.size).toBe(model.size);
        }
        for (const [key, slot] of model) expect(index.get(key)).toBe(slot);
      }),
      { numRuns: 300 },
    );
  });

  it('never finds an id of 0 (the empty-bucket marker), nor a non-integer', () => {
    const index = new OrderIndex(16);
    index.add(5, 3);
    expect(index.get(0)).toBe(NO_SLOT);
    expect(index.delete(0)).toBe(NO_SLOT);
    expect(index.get(5.5)).toBe(NO_SLOT);
    expect(index.get(-5)).toBe(NO_SLOT);
    expect(index.size).toBe(1);
  });

  it('adds at a bucket found earlier, or searches again when the table changed in between', () => {
    const index = new OrderIndex(16);
    const bucket = index.find(100);
    const version = index.version;
    index.add(200, 1);
    index.delete(200);
    index.addAt(bucket, version, 100, 9);
    expect(index.get(100)).toBe(9);
    expect(index.size).toBe(1);
  });
});
