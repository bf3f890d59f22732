import { describe, expect, it } from 'vitest';
import type { DepthLevel } from '@tidemark/contract/spot';
import { findGaps, WsTestClient as Client, type DataMessage } from '../../testing/ws-test-client.ts';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

/**
 * The `/ws` market-data socket over a real connection: snapshot then deltas, per-channel sequence
 * numbers, unsubscribe, the public channels and the user's own channels.
 */

/** Applies depth deltas to a snapshot; a quantity of "0" removes the level. */
function applyDepth(messages: DataMessage[]): { bids: DepthLevel[]; asks: DepthLevel[] } {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  for (const m of messages) {
    const d = m.data as { bids: DepthLevel[]; asks: DepthLevel[] };
    if (m.type === 'snapshot') {
      bids.clear();
      asks.clear();
    }
    for (const [side, levels] of [
      [bids, d.bids],
      [asks, d.asks],
    ] as const) {
      for (const [price, qty] of levels) {
        if (Number(qty) === 0) side.delete(price);
        else side.set(price, qty);
      }
    }
  }
  const sorted = (side: Map<string, string>, desc: boolean): DepthLevel[] =>
    [...side.entries()].sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
  return { bids: sorted(bids, true), asks: sorted(asks, false) };
}

const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
let n = 0;
const cid = () => `ws-${++n}`;

async function place(token: string, body: Record<string, unknown>) {
  const res = await server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function funded() {
  const u = await server.createUser();
  await server.fund(u.id, 'USDT', 100_000_000_000n); // 100,000 USDT
  await server.fund(u.id, 'ETH', 1_000_000_000n); // 10 ETH (8 decimals)
  await server.fund(u.id, 'BTC', 200_000_000n); // 2 BTC (8 decimals)
  return u;
}

const server = serverForSuite({ clock });

describe('/ws depth', () => {
  it('a snapshot plus the deltas reproduces the REST depth exactly, seq one by one', async () => {
    const maker = await funded();
    const taker = await funded();
    // something in the book before the subscription, so the snapshot is not empty
    await place(maker.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', quantity: '0.01' });
    await place(maker.token, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '61000', quantity: '0.02' });

    const ws = await Client.open(server.url);
    await ws.subscribe(['depth:BTCUSDT']);
    const [snapshot] = ws.data('depth:BTCUSDT');
    expect(snapshot).toMatchObject({ type: 'snapshot' });
    const snap = snapshot!.data as { bids: DepthLevel[]; asks: DepthLevel[]; seq: number };
    expect(snap.seq).toBe(snapshot!.seq); // the snapshot's data carries the channel's seq
    expect(snap.bids).toEqual([['60000', '0.01']]);
    expect(snap.asks).toEqual([['61000', '0.02']]);

    // a stream of placements, partial fills and cancels on both sides
    const resting: number[] = [];
    for (let i = 0; i < 6; i++) {
      resting.push(
        (
          await place(maker.token, {
            symbol: 'BTCUSDT',
            side: 'buy',
            type: 'limit',
            price: String(59000 + i * 100),
            quantity: '0.003',
          })
        ).id,
      );
      resting.push(
        (
          await place(maker.token, {
            symbol: 'BTCUSDT',
            side: 'sell',
            type: 'limit',
            price: String(61500 + i * 100),
            quantity: '0.004',
          })
        ).id,
      );
    }
    await place(maker.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '59500', quantity: '0.001' }); // same level again
    await place(taker.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '61600', quantity: '0.025' }); // eats 61000 + part of 61500
    await place(taker.token, { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.012' }); // eats 60000 and part of 59500
    for (const id of resting.slice(0, 5)) {
      await server.api('/xb/v1/spot/order/cancel', { orderId: id }, { token: maker.token });
    }
    await server.api('/xb/v1/spot/order/cancel-all', { symbol: 'BTCUSDT' }, { token: taker.token });

    const rest = await server.api('/xb/v1/spot/depth', { symbol: 'BTCUSDT', limit: 200 });
    await ws.settle();
    const messages = ws.data('depth:BTCUSDT');
    expect(messages.at(-1)!.seq).toBe(rest.body.data.seq); // REST depth says which seq it is at
    expect(messages.length).toBeGreaterThan(10);
    expect(findGaps(messages)).toEqual([]);
    messages.slice(1).forEach((m, i) => expect(m.seq).toBe(snapshot!.seq + i + 1));
    const rebuilt = applyDepth(messages);
    expect(rebuilt.bids).toEqual(rest.body.data.bids);
    expect(rebuilt.asks).toEqual(rest.body.data.asks);
    expect(rebuilt.bids.length).toBeGreaterThan(0);
    expect(rebuilt.asks.length).toBeGreaterThan(0);
    ws.close();
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('a skipped sequence number is detectable', async () => {
    const u = await funded();
    const ws = await Client.open(server.url);
    await ws.subscribe(['depth:ETHUSDT']);
    for (let i = 0; i < 4; i++)
      await place(u.token, {
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'limit',
        price: String(2000 + i),
        quantity: '0.01',
      });
    await ws.settle();
    const messages = ws.data('depth:ETHUSDT');
    expect(messages).toHaveLength(5);
    expect(findGaps(messages)).toEqual([]);
    // losing the second update: the third is flagged
    const lost = messages.filter((_, i) => i !== 2);
    expect(findGaps(lost)).toEqual([messages[3]!.seq]);
    // and a client that drops it cannot reproduce the book
    expect(applyDepth(lost).bids).not.toEqual(applyDepth(messages).bids);
    ws.close();
  });

  it('unsubscribe stops the updates of that channel only', async () => {
    const u = await funded();
    const ws = await Client.open(server.url);
    await ws.subscribe(['depth:BTCUSDT', 'depth:ETHUSDT']);
    await place(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '0.001' });
    await ws.settle();
    const before = ws.data('depth:BTCUSDT').length;
    expect(ws.data('depth:BTCUSDT').at(-1)!.type).toBe('update');
    ws.send({ op: 'unsubscribe', channels: ['depth:BTCUSDT'] });
    await ws.waitFor((m) => m.type === 'unsubscribed', 'unsubscribed');
    await place(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50001', quantity: '0.001' });
    await place(u.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '1500', quantity: '0.01' });
    await ws.settle();
    expect(ws.data('depth:BTCUSDT')).toHaveLength(before);
    expect(ws.data('depth:ETHUSDT').at(-1)!.data).toMatchObject({ bids: [['1500', '0.01']] });
    ws.close();
  });
});

describe('/ws trades and tickers', () => {
  it('delivers the trade, the symbol ticker and the tickers list', async () => {
    const maker = await funded();
    const taker = await funded();
    const ws = await Client.open(server.url);
    await ws.subscribe(['trades:ETHUSDT', 'ticker:ETHUSDT', 'tickers']);
    expect(ws.data('trades:ETHUSDT')[0]).toMatchObject({ type: 'snapshot' });
    expect(ws.data('tickers')[0]!.data).toHaveLength(12);
    await place(maker.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3100', quantity: '0.05' });
    await place(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: '0.02' });
    const trade = await ws.waitFor((m) => m.type === 'update' && m.channel === 'trades:ETHUSDT', 'a trade');
    expect((trade as DataMessage).data).toEqual([
      expect.objectContaining({ symbol: 'ETHUSDT', price: '3100', quantity: '0.02', side: 'buy' }),
    ]);
    // tickers are pushed at most once a second
    const ticker = await ws.waitFor((m) => m.type === 'update' && m.channel === 'ticker:ETHUSDT', 'a ticker');
    expect((ticker as DataMessage).data).toMatchObject({
      symbol: 'ETHUSDT',
      last: '3100',
      volume: '0.02',
      turnover: '62',
    });
    // a tickers update carries the symbols that changed: an earlier test's BTCUSDT trade may come first
    const list = await ws.waitFor(
      (m) =>
        m.type === 'update' &&
        m.channel === 'tickers' &&
        ((m as DataMessage).data as Array<{ symbol: string }>).some((t) => t.symbol === 'ETHUSDT'),
      'the tickers with ETHUSDT',
    );
    expect((list as DataMessage).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'ETHUSDT', last: '3100' })]),
    );
    for (const channel of ['trades:ETHUSDT', 'ticker:ETHUSDT', 'tickers'])
      expect(findGaps(ws.data(channel))).toEqual([]);
    ws.close();
  });

  it('refuses an unknown channel', async () => {
    const ws = await Client.open(server.url);
    ws.send({ op: 'subscribe', channels: ['depth:NOPEUSDT'] });
    const err = await ws.waitFor((m) => m.type === 'error', 'an error');
    expect(err).toMatchObject({ channel: 'depth:NOPEUSDT', error: 'VALIDATION' });
    ws.close();
  });
});

describe('/ws user channels', () => {
  it('orders and balances need the token and carry only the owner’s data', async () => {
    const alice = await funded();
    const bob = await funded();
    const anon = await Client.open(server.url);
    anon.send({ op: 'subscribe', channels: ['orders'] });
    expect(await anon.waitFor((m) => m.type === 'error', 'an error')).toMatchObject({
      error: 'UNAUTHORIZED',
      channel: 'orders',
    });
    anon.close();

    const a = await Client.open(server.url);
    await a.subscribe(['orders', 'balances'], alice.token);
    // the token may also come in the Authorization header of the upgrade request
    const b = await Client.open(server.url, { authorization: bob.token });
    await b.subscribe(['orders', 'balances']);
    expect(a.data('orders')[0]).toMatchObject({ type: 'snapshot', data: [] });
    const aliceUsdt = (a.data('balances')[0]!.data as Array<{ currency: string; available: string }>).find(
      (x) => x.currency === 'USDT',
    );
    expect(aliceUsdt).toMatchObject({ available: '100000', frozen: '0' });

    // above every bid other tests left in ETHUSDT, below its asks: bob's sell below meets alice first
    const order = await place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '2500',
      quantity: '0.01',
    });
    await a.waitFor((m) => m.type === 'update' && m.channel === 'orders', 'orders update');
    await a.waitFor((m) => m.type === 'update' && m.channel === 'balances', 'balances update');
    await b.settle();
    await a.settle();
    expect(a.data('orders').at(-1)!.data).toEqual([
      expect.objectContaining({ id: order.id, status: 'new', price: '2500' }),
    ]);
    const frozen = (a.data('balances').at(-1)!.data as Array<{ currency: string; frozen: string }>).find(
      (x) => x.currency === 'USDT',
    );
    expect(frozen!.frozen).toBe('25.025'); // 25 + 0.1 % reserve for the taker fee
    // bob saw nothing of alice's order
    expect(b.data('orders')).toHaveLength(1);
    expect(b.data('balances')).toHaveLength(1);

    // alice's order fills against bob: each sees only their own order
    await place(bob.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '2400',
      quantity: '0.01',
      timeInForce: 'IOC',
    });
    await a.settle();
    await b.waitFor((m) => m.type === 'update' && m.channel === 'orders', 'bob orders update');
    await b.settle();
    const bobOrders = b
      .data('orders')
      .slice(1)
      .flatMap((m) => m.data as Array<{ id: number; side: string }>);
    const aliceOrders = a
      .data('orders')
      .slice(1)
      .flatMap((m) => m.data as Array<{ id: number; side: string }>);
    expect(bobOrders.every((o) => o.side === 'sell')).toBe(true);
    expect(aliceOrders.every((o) => o.side === 'buy')).toBe(true);
    expect(aliceOrders.at(-1)).toMatchObject({ id: order.id, status: 'filled' });
    for (const c of [a, b]) for (const ch of ['orders', 'balances']) expect(findGaps(c.data(ch))).toEqual([]);
    a.close();
    b.close();
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });
});
