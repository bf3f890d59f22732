import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventLog, type EngineEvent } from './event-log.ts';
import { MatchingEngine } from './matching-engine.ts';
import { ReferenceBook } from './test/reference-book.ts';
import type { Command, RestingOrder } from './types.ts';

// Model tests: random command streams through the engine and through the naive ReferenceBook must give the same
// events and the same resting book; and after every command the book is not crossed, every order's quantity is
// accounted for, and a second run of the same stream produces the same bytes.

// A small id space makes duplicates and cancels of done orders common; three owners make self-trades common;
// eleven ticks make crossing and multi-level sweeps common.
// ENGINE_MODEL_RUNS=20000 runs a longer search than the default.
const RUNS = Number(process.env.ENGINE_MODEL_RUNS ?? 400);

const ownerOf = (id: number) => (id % 3) + 1;
const id = fc.integer({ min: 1, max: 40 });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const stp = fc.option(fc.constantFrom('cancel-taker' as const, 'cancel-resting' as const, 'cancel-both' as const), {
  nil: undefined,
});
const price = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 95, max: 105 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const qty = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 1, max: 8 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

const limitCommand = fc
  .record({ id, side, price, qty, tif: fc.constantFrom('GTC', 'IOC', 'FOK', 'POST_ONLY'), stp })
  .map((c): Command => ({ type: 'limit', owner: ownerOf(c.id), ...c }));

const marketCommand = fc
  .record({
    id,
    side,
    size: fc.oneof(
      fc.record({ qty: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ quoteAmount: fc.integer({ min: 1, max: 2500 }) }),
    ),
    priceLimit: fc.option(fc.integer({ min: 93, max: 107 }), { nil: undefined }),
    stp,
  })
  .map((c): Command => ({
    type: 'market',
    id: c.id,
    owner: ownerOf(c.id),
    side: c.side,
    ...c.size,
    ...(c.priceLimit === undefined ? {} : { priceLimit: c.priceLimit }),
    ...(c.stp ? { stp: c.stp } : {}),
  }));

const cancelCommand = fc
  .record({ id, wrongOwner: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) })
  .map((c): Command => ({ type: 'cancel', id: c.id, owner: c.wrongOwner ? ownerOf(c.id) + 1 : ownerOf(c.id) }));

const commands = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: limitCommand },
    { weight: 2, arbitrary: marketCommand },
    { weight: 3, arbitrary: cancelCommand },
  ),
  { minLength: 1, maxLength: 150 },
);

function stripUndefined(c: Command): Command {
  return JSON.parse(JSON.stringify(c)) as Command;
}

/** Tracks every accepted order's original amount against what its events say happened to it. */
class Accounting {
  private readonly open = new Map<number, { original: number; used: number; byQuote: boolean }>();
  private readonly closed: { id: number; original: number; used: number }[] = [];

  apply(command: Command, events: EngineEvent[]): void {
    for (const e of events) {
      if (e.type === 'accepted') {
        if (command.type === 'cancel') throw new Error('a cancel was accepted as an order');
        const byQuote = command.type === 'market' && command.quoteAmount !== undefined;
        const original = command.type === 'market' ? (command.quoteAmount ?? command.qty!) : command.qty;
        this.open.set(e.orderId, { original, used: 0, byQuote });
      } else if (e.type === 'trade') {
        const taker = this.open.get(e.takerId)!;
        taker.used += taker.byQuote ? e.price * e.qty : e.qty;
        const maker = this.open.get(e.makerId)!;
        maker.used += e.qty;
        expect(maker.original - maker.used).toBe(e.makerRemaining);
        if (e.makerRemaining === 0) this.close(e.makerId);
      } else if (e.type === 'cancelled') {
        this.open.get(e.orderId)!.used += e.qty;
        this.close(e.orderId);
      }
    }
    // An incoming order that is neither cancelled nor resting must have been used up exactly.
    if (command.type !== 'cancel' && events[0]?.type === 'accepted') {
      const o = this.open.get(command.id);
      if (o && o.used === o.original) this.close(command.id);
    }
  }

  /** filled + cancelled + resting = original, for every order ever accepted. */
  check(resting: RestingOrder[]): void {
    for (const c of this.closed) expect(c.used, `order ${c.id}`).toBe(c.original);
    const restingById = new Map(resting.map((r) => [r.id, r.qty]));
    expect(restingById.size).toBe(this.open.size);
    for (const [orderId, o] of this.open)
      expect(o.used + (restingById.get(orderId) ?? NaN), `order ${orderId}`).toBe(o.original);
  }

  private close(orderId: number): void {
    const o = this.open.get(orderId)!;
    this.open.delete(orderId);
    this.closed.push({ id: orderId, original: o.original, used: o.used });
  }
}

function runEngine(stream: Command[]): string {
  const log = new EventLog();
  const engine = new MatchingEngine(log);
  for (const c of stream) engine.apply(c);
  return JSON.stringify(log.events) + JSON.stringify(engine.snapshot());
}

describe('engine against the reference book', () => {
  it('gives the same events and book, never crosses, and conserves every quantity', () => {
    fc.assert(
      fc.property(commands, (raw) => {
        const stream = raw.map(stripUndefined);
        const log = new EventLog();
        const engine = new MatchingEngine(log);
        const reference = new ReferenceBook();
        const accounting = new Accounting();
        for (const command of stream) {
          engine.apply(command);
          const before = reference.events.length;
          reference.apply(command);
          const events = log.drain();
          expect(events).toEqual(reference.events.slice(before));
          const bid = engine.bestBid();
          const ask = engine.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
          accounting.apply(command, events);
        }
        const snapshot = engine.snapshot();
        expect(snapshot).toEqual(reference.snapshot());
        accounting.check(snapshot);
        // Depth agrees with the resting orders.
        for (const s of ['buy', 'sell'] as const) {
          const total = snapshot.filter((o) => o.side === s).reduce((sum, o) => sum + o.qty, 0);
          expect(engine.depth(s).reduce((sum, l) => sum + l.qty, 0)).toBe(total);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('is deterministic: the same stream twice gives the same events byte for byte', () => {
    fc.assert(
      fc.property(commands, (raw) => {
        const stream = raw.map(stripUndefined);
        expect(runEngine(stream)).toBe(runEngine(stream));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('a book restored from a snapshot continues exactly like the original', () => {
    fc.assert(
      fc.property(commands, commands, (first, second) => {
        const logA = new EventLog();
        const a = new MatchingEngine(logA);
        for (const c of first.map(stripUndefined)) a.apply(c);
        logA.drain();
        const logB = new EventLog();
        const b = new MatchingEngine(logB);
        for (const o of a.snapshot()) b.load(o);
        for (const c of second.map(stripUndefined)) {
          a.apply(c);
          b.apply(c);
        }
        expect(logB.events).toEqual(logA.events);
        expect(b.snapshot()).toEqual(a.snapshot());
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });
});
