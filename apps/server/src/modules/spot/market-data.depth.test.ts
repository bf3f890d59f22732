import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DepthLevel } from '@tidemark/contract/spot';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { MarketData, depthStepsOf } from './market-data.ts';
import { MARKETS } from './markets.ts';

/**
 * The published depth is a bounded view (the top `depthLevels` per side): a client that applies the deltas
 * to a snapshot must hold exactly the view the server holds, also when levels enter or leave the top.
 */

const VIEW = 5;
const symbol = MARKETS[0]!.symbol;
const clock: Clock = { now: () => 0 } as Clock;
const newData = () => new MarketData(null as unknown as Db, clock, VIEW);

type Side = Array<{ price: number; qty: number }>;

/** What the engine gives: aggregated levels best first, cut to the view. */
function view(levels: Map<number, number>, side: 'buy' | 'sell'): Side {
  return [...levels.entries()]
    .sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]))
    .slice(0, VIEW)
    .map(([price, qty]) => ({ price, qty }));
}

/** The client side: a map keyed by price, "0" removes. */
function apply(book: Map<string, string>, levels: DepthLevel[]) {
  for (const [price, qty] of levels) {
    if (/^0(\.0*)?$/.test(qty)) book.delete(price);
    else book.set(price, qty);
  }
}

describe('bounded depth view', () => {
  it('snapshots carry at most the view, however deep the book', () => {
    const data = newData();
    const bids = new Map<number, number>();
    for (let p = 1; p <= 1000; p++) bids.set(p, 1);
    data.publishDepth(symbol, view(bids, 'buy'), []);
    const snap = data.depth(symbol, 1_000_000);
    expect(snap.bids).toHaveLength(VIEW);
    expect(snap.asks).toHaveLength(0);
  });

  it('a level that enters the top is sent, one pushed out is sent as gone', () => {
    const data = newData();
    const bids = new Map<number, number>();
    for (let p = 100; p > 90; p--) bids.set(p, 1);
    data.publishDepth(symbol, view(bids, 'buy'), []);
    bids.delete(100);
    bids.delete(99);
    const before = data.depth(symbol, VIEW).bids.map(([p]) => p);
    const delta = data.publishDepth(symbol, view(bids, 'buy'), [])!;
    const after = data.depth(symbol, VIEW).bids.map(([p]) => p);
    const gone = delta.bids.filter(([, q]) => Number(q) === 0).map(([p]) => p);
    const entered = delta.bids.filter(([, q]) => Number(q) > 0).map(([p]) => p);
    expect(gone).toEqual(before.slice(0, 2));
    expect(entered).toEqual(after.slice(-2));
    expect(delta.bids).toHaveLength(4);
  });

  it('snapshot + deltas reproduce the view after any sequence of book changes', () => {
    const change = fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      price: fc.integer({ min: 1, max: 40 }),
      qty: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 80 }), fc.integer({ min: 0, max: 79 }), (changes, at) => {
        const data = newData();
        const book = { buy: new Map<number, number>(), sell: new Map<number, number>() };
        const client = { bids: new Map<string, string>(), asks: new Map<string, string>() };
        let subscribed = false;
        changes.forEach((ch, i) => {
          // keep the book uncrossed: bids at or below 20, asks above
          const price = ch.side === 'buy' ? Math.min(ch.price, 20) : Math.max(ch.price, 21);
          if (ch.qty === 0) book[ch.side].delete(price);
          else book[ch.side].set(price, ch.qty);
          const delta = data.publishDepth(symbol, view(book.buy, 'buy'), view(book.sell, 'sell'));
          if (subscribed && delta) {
            apply(client.bids, delta.bids);
            apply(client.asks, delta.asks);
          }
          if (i === Math.min(at, changes.length - 1) && !subscribed) {
            subscribed = true;
            const snap = data.depth(symbol, VIEW);
            for (const [p, q] of snap.bids) client.bids.set(p, q);
            for (const [p, q] of snap.asks) client.asks.set(p, q);
          }
        });
        const now = data.depth(symbol, VIEW);
        expect([...client.bids.entries()].sort()).toEqual(now.bids.map(([p, q]) => [p, q]).sort());
        expect([...client.asks.entries()].sort()).toEqual(now.asks.map(([p, q]) => [p, q]).sort());
        expect(client.bids.size).toBeLessThanOrEqual(VIEW);
      }),
      { numRuns: 300 },
    );
  });

  it('a grouped view rounds bids down and asks up and sums the quantities', () => {
    const data = newData();
    const steps = depthStepsOf(MARKETS[0]!);
    expect([...steps.values()]).toEqual([10, 100, 1000]);
    data.publishDepth(
      symbol,
      [
        { price: 1019, qty: 1 },
        { price: 1011, qty: 2 },
        { price: 1009, qty: 4 },
      ],
      [
        { price: 1021, qty: 1 },
        { price: 1030, qty: 2 },
        { price: 1031, qty: 4 },
      ],
    );
    const grouped = data.groupedDepth(symbol, 10);
    // 1019 and 1011 → 1010 (3 lots), 1009 → 1000 (4); asks 1021 and 1030 → 1030 (3), 1031 → 1040 (4)
    expect(grouped.bids).toEqual([levelOf(1010, 3), levelOf(1000, 4)]);
    expect(grouped.asks).toEqual([levelOf(1030, 3), levelOf(1040, 4)]);
  });

  it('grouped snapshot + grouped deltas reproduce the grouped view after any sequence of book changes', () => {
    const change = fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      price: fc.integer({ min: 1, max: 400 }),
      qty: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 60 }), fc.constantFrom(10, 100), (changes, step) => {
        const data = newData();
        const book = { buy: new Map<number, number>(), sell: new Map<number, number>() };
        const client = { bids: new Map<string, string>(), asks: new Map<string, string>() };
        const snap = data.groupedDepth(symbol, step);
        for (const [p, q] of snap.bids) client.bids.set(p, q);
        for (const [p, q] of snap.asks) client.asks.set(p, q);
        for (const ch of changes) {
          const price = ch.side === 'buy' ? Math.min(ch.price, 200) : Math.max(ch.price, 201);
          if (ch.qty === 0) book[ch.side].delete(price);
          else book[ch.side].set(price, ch.qty);
          data.publishDepth(symbol, view(book.buy, 'buy'), view(book.sell, 'sell'));
          for (const { stepTicks, delta } of data.groupedDeltas(symbol)) {
            expect(stepTicks).toBe(step);
            apply(client.bids, delta.bids);
            apply(client.asks, delta.asks);
          }
        }
        const now = data.groupedDepth(symbol, step);
        expect([...client.bids.entries()].sort()).toEqual(now.bids.map(([p, q]) => [p, q]).sort());
        expect([...client.asks.entries()].sort()).toEqual(now.asks.map(([p, q]) => [p, q]).sort());
      }),
      { numRuns: 200 },
    );
  });
});

/** A level as the view writes it, for a price in ticks and a quantity in lots. */
function levelOf(ticks: number, lots: number): DepthLevel {
  const probe = newData();
  probe.publishDepth(symbol, [{ price: ticks, qty: lots }], []);
  return probe.depth(symbol, 1).bids[0]!;
}
