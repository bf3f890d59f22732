import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log.ts';
import { MatchingEngine } from './matching-engine.ts';
import type { Command, LimitCommand, MarketCommand, Side, StpMode, TimeInForce } from './types.ts';

function setup() {
  const log = new EventLog();
  const engine = new MatchingEngine(log);
  const run = (...commands: Command[]) => {
    for (const c of commands) engine.apply(c);
    return log.drain();
  };
  return { engine, log, run };
}

const limit = (
  id: number,
  owner: number,
  side: Side,
  price: number,
  qty: number,
  tif: TimeInForce = 'GTC',
  stp?: StpMode,
): LimitCommand => ({ type: 'limit', id, owner, side, price, qty, tif, ...(stp ? { stp } : {}) });

const market = (id: number, owner: number, side: Side, rest: Partial<MarketCommand>): MarketCommand => ({
  type: 'market',
  id,
  owner,
  side,
  ...rest,
});

describe('limit GTC', () => {
  it('rests when nothing crosses and shows in depth', () => {
    const { engine, run } = setup();
    expect(run(limit(1, 10, 'buy', 100, 5), limit(2, 11, 'buy', 100, 3), limit(3, 12, 'sell', 105, 2))).toEqual([
      { type: 'accepted', orderId: 1, owner: 10, side: 'buy' },
      { type: 'accepted', orderId: 2, owner: 11, side: 'buy' },
      { type: 'accepted', orderId: 3, owner: 12, side: 'sell' },
    ]);
    expect(engine.bestBid()).toBe(100);
    expect(engine.bestAsk()).toBe(105);
    expect(engine.depth('buy')).toEqual([{ price: 100, qty: 8, orders: 2 }]);
    expect(engine.depth('sell')).toEqual([{ price: 105, qty: 2, orders: 1 }]);
  });

  it('trades at the maker price in price-time priority and rests the remainder', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'sell', 101, 2), limit(2, 11, 'sell', 100, 1), limit(3, 12, 'sell', 101, 4));
    const events = run(limit(4, 20, 'buy', 101, 5));
    expect(events.filter((e) => e.type === 'trade')).toEqual([
      expect.objectContaining({ makerId: 2, price: 100, qty: 1, makerRemaining: 0 }),
      expect.objectContaining({ makerId: 1, price: 101, qty: 2, makerRemaining: 0 }),
      expect.objectContaining({ makerId: 3, price: 101, qty: 2, makerRemaining: 2, takerOwner: 20, makerOwner: 12 }),
    ]);
    expect(engine.getOrder(3)).toEqual({ id: 3, owner: 12, side: 'sell', price: 101, qty: 2 });
    expect(engine.getOrder(4)).toBeUndefined(); // fully filled

    run(limit(5, 21, 'buy', 102, 3));
    expect(engine.getOrder(5)).toEqual({ id: 5, owner: 21, side: 'buy', price: 102, qty: 1 });
    expect(engine.bestAsk()).toBeUndefined();
  });
});

describe('limit IOC, FOK and post-only', () => {
  it('IOC cancels what it cannot fill at once', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'buy', 100, 3));
    expect(run(limit(2, 11, 'sell', 99, 5, 'IOC')).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', price: 100, qty: 3 }),
      { type: 'cancelled', orderId: 2, owner: 11, side: 'sell', qty: 2, reason: 'ioc-remainder' },
    ]);
    expect(engine.restingCount).toBe(0);
  });

  it('FOK does nothing unless it fills completely within its price', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'sell', 100, 2), limit(2, 10, 'sell', 102, 2));
    expect(run(limit(3, 11, 'buy', 101, 3, 'FOK')).slice(1)).toEqual([
      { type: 'cancelled', orderId: 3, owner: 11, side: 'buy', qty: 3, reason: 'fok-unfillable' },
    ]);
    expect(engine.restingCount).toBe(2);
    const fills = run(limit(4, 11, 'buy', 102, 4, 'FOK')).filter((e) => e.type === 'trade');
    expect(fills.map((e) => e.type === 'trade' && [e.price, e.qty])).toEqual([
      [100, 2],
      [102, 2],
    ]);
    expect(engine.restingCount).toBe(0);
  });

  it('FOK does not count the own orders that self-trade prevention would skip', () => {
    const { engine, run } = setup();
    run(limit(1, 11, 'sell', 100, 5), limit(2, 10, 'sell', 100, 2));
    expect(run(limit(3, 11, 'buy', 100, 3, 'FOK', 'cancel-resting')).at(-1)).toMatchObject({
      reason: 'fok-unfillable',
    });
    expect(engine.restingCount).toBe(2); // nothing was touched
  });

  it('post-only rests when it would not cross and is cancelled when it would', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'sell', 100, 2));
    expect(run(limit(2, 11, 'buy', 100, 1, 'POST_ONLY')).at(-1)).toEqual({
      type: 'cancelled',
      orderId: 2,
      owner: 11,
      side: 'buy',
      qty: 1,
      reason: 'post-only-would-cross',
    });
    run(limit(3, 11, 'buy', 99, 1, 'POST_ONLY'));
    expect(engine.getOrder(3)).toMatchObject({ price: 99, qty: 1 });
  });
});

describe('market orders', () => {
  it('by base quantity sweeps levels and cancels what the book lacks', () => {
    const { run } = setup();
    run(limit(1, 10, 'buy', 100, 2), limit(2, 10, 'buy', 98, 2));
    expect(run(market(3, 11, 'sell', { qty: 5 })).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', price: 100, qty: 2 }),
      expect.objectContaining({ type: 'trade', price: 98, qty: 2 }),
      { type: 'cancelled', orderId: 3, owner: 11, side: 'sell', qty: 1, reason: 'no-liquidity' },
    ]);
  });

  it('stops at its protection price', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'sell', 100, 2), limit(2, 10, 'sell', 110, 2));
    expect(run(market(3, 11, 'buy', { qty: 3, priceLimit: 105 })).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', price: 100, qty: 2 }),
      { type: 'cancelled', orderId: 3, owner: 11, side: 'buy', qty: 1, reason: 'market-protection' },
    ]);
    expect(engine.bestAsk()).toBe(110);
  });

  it('by quote amount spends whole lots and returns the unspendable rest', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'sell', 100, 2), limit(2, 10, 'sell', 150, 5));
    // 520 quote: 2 lots at 100 (200), then 2 lots at 150 (300); 20 left cannot buy a lot at 150.
    expect(run(market(3, 11, 'buy', { quoteAmount: 520 })).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', price: 100, qty: 2 }),
      expect.objectContaining({ type: 'trade', price: 150, qty: 2, makerRemaining: 3 }),
      { type: 'cancelled', orderId: 3, owner: 11, side: 'buy', qty: 20, reason: 'no-liquidity' },
    ]);
    expect(engine.getOrder(2)?.qty).toBe(3);
  });

  it('a quote budget that stops inside a maker ends there, before any own order behind it', () => {
    const { run } = setup();
    run(limit(1, 2, 'sell', 100, 2), limit(2, 1, 'sell', 100, 1));
    expect(run(market(3, 1, 'buy', { quoteAmount: 101 })).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', makerId: 1, qty: 1, makerRemaining: 1 }),
      { type: 'cancelled', orderId: 3, owner: 1, side: 'buy', qty: 1, reason: 'no-liquidity' },
    ]);
  });

  it('a sell by quote amount receives at most that amount', () => {
    const { run } = setup();
    run(limit(1, 10, 'buy', 100, 10));
    const events = run(market(2, 11, 'sell', { quoteAmount: 300 }));
    expect(events.slice(1)).toEqual([expect.objectContaining({ type: 'trade', price: 100, qty: 3 })]);
  });

  it('an exactly spent quote amount leaves nothing to cancel', () => {
    const { run } = setup();
    run(limit(1, 10, 'sell', 7, 10));
    expect(run(market(2, 11, 'buy', { quoteAmount: 21 })).map((e) => e.type)).toEqual(['accepted', 'trade']);
  });
});

describe('cancel', () => {
  it('removes a resting order and reports its remaining quantity', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'buy', 100, 5), limit(2, 11, 'sell', 100, 2));
    expect(run({ type: 'cancel', id: 1, owner: 10 })).toEqual([
      { type: 'cancelled', orderId: 1, owner: 10, side: 'buy', qty: 3, reason: 'user' },
    ]);
    expect(engine.restingCount).toBe(0);
    expect(engine.depth('buy')).toEqual([]);
  });

  it('rejects an unknown order, a done order and somebody else’s order alike', () => {
    const { engine, run } = setup();
    run(limit(1, 10, 'buy', 100, 5), limit(2, 11, 'sell', 90, 1));
    expect(run({ type: 'cancel', id: 9, owner: 10 })).toEqual([
      { type: 'rejected', orderId: 9, owner: 10, reason: 'unknown-order' },
    ]);
    expect(run({ type: 'cancel', id: 2, owner: 11 })[0]).toMatchObject({ reason: 'unknown-order' });
    expect(run({ type: 'cancel', id: 1, owner: 11 })[0]).toMatchObject({ reason: 'unknown-order' });
    expect(engine.getOrder(1)?.qty).toBe(4);
  });
});

describe('self-trade prevention', () => {
  const book = () => {
    const s = setup();
    // Owner 10 has the second order in the queue at 100; another owner is ahead and behind.
    s.run(limit(1, 20, 'sell', 100, 1), limit(2, 10, 'sell', 100, 5), limit(3, 21, 'sell', 100, 1));
    return s;
  };

  it('cancel-taker (the default) stops at the own order and keeps it', () => {
    const { engine, run } = book();
    expect(run(limit(4, 10, 'buy', 100, 3)).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', makerId: 1, qty: 1 }),
      { type: 'cancelled', orderId: 4, owner: 10, side: 'buy', qty: 2, reason: 'stp' },
    ]);
    expect(engine.getOrder(2)?.qty).toBe(5);
    expect(engine.bestBid()).toBeUndefined(); // a GTC taker stopped by STP does not rest
  });

  it('cancel-resting cancels the own order and keeps matching', () => {
    const { engine, run } = book();
    expect(run(limit(4, 10, 'buy', 100, 3, 'GTC', 'cancel-resting')).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', makerId: 1, qty: 1 }),
      { type: 'cancelled', orderId: 2, owner: 10, side: 'sell', qty: 5, reason: 'stp' },
      expect.objectContaining({ type: 'trade', makerId: 3, qty: 1 }),
    ]);
    expect(engine.getOrder(4)).toMatchObject({ side: 'buy', price: 100, qty: 1 });
  });

  it('cancel-both cancels the own order and the taker', () => {
    const { engine, run } = book();
    expect(run(market(4, 10, 'buy', { qty: 3, stp: 'cancel-both' })).slice(1)).toEqual([
      expect.objectContaining({ type: 'trade', makerId: 1, qty: 1 }),
      { type: 'cancelled', orderId: 2, owner: 10, side: 'sell', qty: 5, reason: 'stp' },
      { type: 'cancelled', orderId: 4, owner: 10, side: 'buy', qty: 2, reason: 'stp' },
    ]);
    expect(engine.getOrder(3)?.qty).toBe(1);
  });
});

describe('rejections', () => {
  it.each([
    [limit(1, 1, 'buy', 0, 1), 'bad-price'],
    [limit(1, 1, 'buy', -5, 1), 'bad-price'],
    [limit(1, 1, 'buy', 1.5, 1), 'bad-price'],
    [limit(1, 1, 'buy', 10, 0), 'bad-qty'],
    [limit(1, 1, 'buy', 10, 2.5), 'bad-qty'],
    [limit(1, 1, 'buy', 2 ** 30, 2 ** 30), 'bad-qty'], // price × qty beyond the safe integers
    [limit(1, 1, 'up' as Side, 10, 1), 'bad-command'],
    [limit(1, 1, 'buy', 10, 1, 'GTD' as TimeInForce), 'bad-command'],
    [limit(1, 1, 'buy', 10, 1, 'GTC', 'allow' as StpMode), 'bad-command'],
    [limit(0, 1, 'buy', 10, 1), 'bad-command'],
    [market(1, 1, 'buy', {}), 'bad-qty'],
    [market(1, 1, 'buy', { qty: 1, quoteAmount: 5 }), 'bad-qty'],
    [market(1, 1, 'buy', { quoteAmount: 0 }), 'bad-qty'],
    [market(1, 1, 'buy', { qty: 1, priceLimit: 0 }), 'bad-price'],
    [{ type: 'amend', id: 1, owner: 1 } as unknown as Command, 'bad-command'],
  ] as const)('%j → %s', (command, reason) => {
    const { engine, run } = setup();
    expect(run(command)).toEqual([{ type: 'rejected', orderId: command.id, owner: command.owner, reason }]);
    expect(engine.restingCount).toBe(0);
  });

  it('rejects an id that is already resting', () => {
    const { engine, run } = setup();
    run(limit(1, 1, 'buy', 10, 1));
    expect(run(limit(1, 2, 'sell', 20, 1))).toEqual([
      { type: 'rejected', orderId: 1, owner: 2, reason: 'duplicate-id' },
    ]);
    expect(run(market(1, 2, 'sell', { qty: 1 }))[0]).toMatchObject({ reason: 'duplicate-id' });
    expect(engine.getOrder(1)?.qty).toBe(1);
  });
});

describe('snapshot and load', () => {
  it('a book rebuilt from its snapshot is the same book and matches the same way', () => {
    const { engine, run } = setup();
    run(
      limit(1, 1, 'buy', 100, 3),
      limit(2, 2, 'buy', 101, 1),
      limit(3, 3, 'buy', 100, 2),
      limit(4, 4, 'sell', 103, 5),
      limit(5, 5, 'sell', 104, 1),
      limit(6, 6, 'sell', 103, 2),
    );
    const snapshot = engine.snapshot();
    expect(snapshot.map((o) => o.id)).toEqual([2, 1, 3, 4, 6, 5]);

    const copy = setup();
    for (const order of snapshot) copy.engine.load(order);
    expect(copy.engine.snapshot()).toEqual(snapshot);
    const probe = market(9, 9, 'sell', { qty: 5 });
    expect(copy.run(probe)).toEqual(run(probe));
  });

  it('refuses to load a crossing, duplicate or malformed order', () => {
    const { engine } = setup();
    engine.load({ id: 1, owner: 1, side: 'buy', price: 100, qty: 1 });
    expect(() => engine.load({ id: 2, owner: 1, side: 'sell', price: 100, qty: 1 })).toThrow(/cross/);
    expect(() => engine.load({ id: 1, owner: 1, side: 'buy', price: 90, qty: 1 })).toThrow(/duplicate/);
    expect(() => engine.load({ id: 3, owner: 1, side: 'buy', price: 90, qty: 0 })).toThrow(/quantity/);
  });

  it('depth aggregates levels best first and honours the level limit', () => {
    const { engine, run } = setup();
    run(
      limit(1, 1, 'sell', 105, 1),
      limit(2, 1, 'sell', 103, 2),
      limit(3, 2, 'sell', 103, 4),
      limit(4, 1, 'sell', 110, 1),
    );
    expect(engine.depth('sell', 2)).toEqual([
      { price: 103, qty: 6, orders: 2 },
      { price: 105, qty: 1, orders: 1 },
    ]);
  });
});

describe('a deep book', () => {
  it('keeps thousands of orders over thousands of levels in price-time order, and cancels any of them', () => {
    const { engine, run } = setup();
    // More orders and levels than the store and the sides start with, so every array grows on the way.
    for (let i = 1; i <= 6000; i++)
      run(limit(i, i, i % 2 === 0 ? 'buy' : 'sell', i % 2 === 0 ? 5000 - (i % 2500) : 5001 + (i % 2500), 1 + (i % 7)));
    expect(engine.restingCount).toBe(6000);
    for (let i = 3; i <= 6000; i += 3) run({ type: 'cancel', id: i, owner: i });
    expect(engine.restingCount).toBe(4000);
    const snapshot = engine.snapshot();
    const expected = [];
    for (let i = 1; i <= 6000; i++) {
      if (i % 3 === 0) continue;
      const isBuy = i % 2 === 0;
      expected.push({
        id: i,
        owner: i,
        side: isBuy ? 'buy' : 'sell',
        price: isBuy ? 5000 - (i % 2500) : 5001 + (i % 2500),
        qty: 1 + (i % 7),
      });
    }
    // Bids best (highest) first, asks best (lowest) first, then arrival order within a price.
    const bids = expected.filter((o) => o.side === 'buy').sort((a, b) => b.price - a.price || a.id - b.id);
    const asks = expected.filter((o) => o.side === 'sell').sort((a, b) => a.price - b.price || a.id - b.id);
    expect(snapshot).toEqual([...bids, ...asks]);
    expect(engine.depth('buy').reduce((n, l) => n + l.orders, 0)).toBe(bids.length);
    // A sweep through the whole ask side fills every ask in priority order.
    const total = asks.reduce((n, o) => n + o.qty, 0);
    const events = run(market(9001, 0, 'buy', { qty: total }));
    expect(events.filter((e) => e.type === 'trade').map((e) => (e.type === 'trade' ? e.makerId : 0))).toEqual(
      asks.map((o) => o.id),
    );
    expect(engine.bestAsk()).toBeUndefined();
    expect(engine.restingCount).toBe(bids.length);
  });
});
