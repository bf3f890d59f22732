import { describe, expect, it } from 'vitest';
import type { FuturesAccount, FuturesAlert, FuturesOrder, FuturesPosition } from '@tidemark/contract/futures';
import type { DepthLevel, PublicTrade } from '@tidemark/contract/spot';
import { service } from '../../platform/context.ts';
import { findGaps, WsTestClient, type DataMessage } from '../../testing/ws-test-client.ts';
import { BTC, futuresApiSuite, type TestUser } from './futures.test-helpers.ts';

/**
 * The futures channels of `/ws` over a real WebSocket: a mark tick republishes the positions and account
 * with the new uPnL; order events arrive after the commit, numbered one by one; one user never receives
 * another's; a client that lost updates resubscribes and gets a snapshot with everything it missed; the
 * public book, trades and mark; the margin warning and the liquidation.
 */

const t = futuresApiSuite({ start: Date.UTC(2026, 2, 1, 1, 0, 0), idPrefix: 'feed-' });
const { cid, user, call, limit, market } = t;

/** Every read the feed queued after the last commit has been published and flushed to the sockets. */
async function published(...clients: WsTestClient[]) {
  await service(t.server.built.ctx, 'futuresFeed').idle();
  for (const c of clients) await c.settle();
}

async function open(u?: TestUser, channels: string[] = []) {
  const ws = await WsTestClient.open(t.server.url);
  if (channels.length) await ws.subscribe(channels, u?.token);
  return ws;
}

const last = <T>(ws: WsTestClient, channel: string) => ws.data(channel).at(-1)?.data as T;

describe('futures channels on /ws', () => {
  it('a mark move republishes the position with its new uPnL and the account with its new equity', async () => {
    const a = await user('5000');
    const b = await user('5000');
    const ws = await open(a, ['futures.positions', 'futures.account', `futures.mark:${BTC}`]);
    expect(ws.data('futures.positions')[0]).toMatchObject({ type: 'snapshot', data: [] });

    expect((await call(a, '/leverage', { symbol: BTC, leverage: 10 })).status).toBe(200);
    expect((await limit(b, 'sell', '100000', '0.1')).status).toBe(200);
    expect((await market(a, 'buy', '0.1')).body.data).toMatchObject({ status: 'filled' });
    await published(ws);
    // the fill itself: a position update after the commit
    expect(last<FuturesPosition[]>(ws, 'futures.positions')).toEqual([
      expect.objectContaining({ symbol: BTC, direction: 'long', quantity: '0.1', openPrice: '100000' }),
    ]);

    t.h.resetMarkInputs(BTC);
    const tick = await t.h.setIndex(BTC, '101000');
    expect(tick.mark).toBe(1_010_000n);
    await published(ws);
    const [pos] = last<FuturesPosition[]>(ws, 'futures.positions');
    expect(pos).toMatchObject({ markPrice: '101000', unrealizedPnl: '100' });
    // what the socket says is what the REST answer says after the same tick
    const rest = (await call(a, '/positions', { symbol: BTC })).body.data[0];
    expect(pos).toEqual(rest);
    const account = last<FuturesAccount>(ws, 'futures.account');
    expect(account).toEqual((await call(a, '/account', {})).body.data);
    expect(account.unrealizedPnl).toBe('100');
    expect(last(ws, `futures.mark:${BTC}`)).toMatchObject({ symbol: BTC, markPrice: '101000', indexPrice: '101000' });
    expect(findGaps(ws.data('futures.positions'))).toEqual([]);
    ws.close();
  });

  it('an order event arrives after the commit, each with the next sequence number; a refused order publishes nothing', async () => {
    const a = await user('5000');
    const ws = await open(a, ['futures.orders']);
    const snapshot = ws.data('futures.orders')[0]!;
    expect(snapshot).toMatchObject({ type: 'snapshot', data: [] });

    const placed = (await limit(a, 'buy', '99000', '0.01')).body.data as FuturesOrder;
    const update = (await ws.waitFor(
      (m) => m.type === 'update' && m.channel === 'futures.orders',
      'the order update',
    )) as DataMessage;
    expect(update.seq).toBe(snapshot.seq + 1);
    expect(update.data).toEqual([expect.objectContaining({ id: placed.id, status: 'new', price: '99000' })]);
    // committed by then: the REST answer (another connection) already lists it
    expect((await call(a, '/orders/open', {})).body.data.map((o: FuturesOrder) => o.id)).toEqual([placed.id]);

    // refused in its savepoint (outside the price band): no event, the sequence does not move
    expect((await limit(a, 'buy', '50000', '0.01')).body.error).toBe('PRICE_OUT_OF_BAND');
    await published(ws);
    expect(ws.data('futures.orders')).toHaveLength(2);

    expect((await call(a, '/order/cancel', { orderId: placed.id })).status).toBe(200);
    await published(ws);
    const after = ws.data('futures.orders');
    expect(after.map((m) => m.seq)).toEqual([snapshot.seq, snapshot.seq + 1, snapshot.seq + 2]);
    expect(after.at(-1)!.data).toEqual([]);
    ws.close();
  });

  it("a second user does not receive the first user's events; user channels need a session", async () => {
    const a = await user('5000');
    const b = await user('5000');
    const mine = await open(a, ['futures.orders', 'futures.positions', 'futures.account']);
    const theirs = await open(b, ['futures.orders', 'futures.positions', 'futures.account']);
    const anonymous = await open();
    anonymous.send({ op: 'subscribe', channels: ['futures.orders'] });
    const refused = await anonymous.waitFor((m) => m.type === 'error', 'an error');
    expect(refused).toMatchObject({ error: 'UNAUTHORIZED', channel: 'futures.orders' });

    const placed = (await limit(a, 'sell', '101000', '0.01')).body.data as FuturesOrder;
    await published(mine, theirs);
    expect(last<FuturesOrder[]>(mine, 'futures.orders').map((o) => o.id)).toEqual([placed.id]);
    for (const channel of ['futures.orders', 'futures.positions', 'futures.account']) {
      expect(theirs.data(channel).map((m) => m.type)).toEqual(['snapshot']);
    }
    expect(JSON.stringify(theirs.messages)).not.toContain(`"id":${placed.id},`);
    await call(a, '/order/cancel', { orderId: placed.id });
    for (const ws of [mine, theirs, anonymous]) ws.close();
  });

  it('a client that lost an update sees the gap, resubscribes and gets a snapshot with what it missed', async () => {
    const a = await user('5000');
    const ws = await open(a, ['futures.orders']);
    for (const price of ['99100', '99200', '99300']) await limit(a, 'buy', price, '0.01');
    await published(ws);
    const stream = ws.data('futures.orders');
    expect(stream.map((m) => m.type)).toEqual(['snapshot', 'update', 'update', 'update']);
    expect(findGaps(stream)).toEqual([]);
    // a client that lost the second update flags the third (the web client's rule is the same)
    const lost = stream.filter((_, i) => i !== 2);
    expect(findGaps(lost)).toEqual([stream[3]!.seq]);
    // and does what the web client does on a gap: unsubscribe, subscribe, take the fresh snapshot
    ws.send({ op: 'unsubscribe', channels: ['futures.orders'] });
    const before = ws.messages.length;
    ws.send({ op: 'subscribe', channels: ['futures.orders'], token: a.token });
    const snap = (await ws.waitFor(
      (m) => m.type === 'snapshot' && ws.messages.indexOf(m) >= before,
      'a fresh snapshot',
    )) as DataMessage;
    expect(snap.seq).toBe(stream[3]!.seq);
    expect((snap.data as FuturesOrder[]).map((o) => o.price)).toEqual(['99100', '99200', '99300']);
    await limit(a, 'buy', '99400', '0.01');
    await published(ws);
    expect(ws.data('futures.orders').at(-1)!.seq).toBe(snap.seq + 1);
    for (const o of last<FuturesOrder[]>(ws, 'futures.orders')) await call(a, '/order/cancel', { orderId: o.id });
    ws.close();
  });

  it('a trade through the API moves the public book and trades of every subscriber', async () => {
    const maker = await user('5000');
    const taker = await user('5000');
    const ws = await open(undefined, [`futures.depth:${BTC}`, `futures.trades:${BTC}`]);
    const depth0 = ws.data(`futures.depth:${BTC}`)[0]!.data as { bids: DepthLevel[]; asks: DepthLevel[] };
    expect(depth0.asks.find(([p]) => p === '100500')).toBeUndefined();
    await limit(maker, 'sell', '100500', '0.03');
    await published(ws);
    expect(last(ws, `futures.depth:${BTC}`)).toEqual({ bids: [], asks: [['100500', '0.03']] });
    await market(taker, 'buy', '0.01');
    await published(ws);
    expect(last(ws, `futures.depth:${BTC}`)).toEqual({ bids: [], asks: [['100500', '0.02']] });
    const trades = last<PublicTrade[]>(ws, `futures.trades:${BTC}`);
    expect(trades).toEqual([expect.objectContaining({ symbol: BTC, price: '100500', quantity: '0.01', side: 'buy' })]);
    // a late subscriber's snapshot starts with it
    const late = await open(undefined, [`futures.trades:${BTC}`]);
    expect((late.data(`futures.trades:${BTC}`)[0]!.data as PublicTrade[])[0]!.id).toBe(trades[0]!.id);
    expect(findGaps(ws.data(`futures.depth:${BTC}`))).toEqual([]);
    for (const o of (await call(maker, '/orders/open', {})).body.data)
      await call(maker, '/order/cancel', { orderId: o.id });
    await call(taker, '/position/close', { clientOrderId: cid(), symbol: BTC }).catch(() => undefined);
    for (const x of [ws, late]) x.close();
  });

  it('warns when the margin ratio crosses the threshold, then reports the liquidation', async () => {
    const a = await user('2000');
    const b = await user('20000');
    await t.h.fundInsurance('100000');
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '100000');
    expect((await call(a, '/margin-mode', { symbol: BTC, marginMode: 'isolated' })).status).toBe(200);
    expect((await call(a, '/leverage', { symbol: BTC, leverage: 20 })).status).toBe(200);
    expect((await limit(b, 'sell', '100000', '0.1')).status).toBe(200);
    expect((await market(a, 'buy', '0.1')).body.data).toMatchObject({ status: 'filled' });
    const ws = await open(a, ['futures.alerts']);
    expect(ws.data('futures.alerts')[0]!.data).toEqual([]);

    // 20× isolated: 500 USDT margin, 40 USDT maintenance; at 95,560 the balance is 56 → ratio ≈ 0.68: no warning
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '95560');
    await published(ws);
    expect(ws.data('futures.alerts')).toHaveLength(1);
    // at 95,450 the balance is 45 against 38.18 maintenance → ≈ 0.85: the warning, once
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '95450');
    await published(ws);
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '95440');
    await published(ws);
    const warnings = ws.data('futures.alerts').slice(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.data).toMatchObject({
      kind: 'marginWarning',
      symbol: BTC,
      marginMode: 'isolated',
      threshold: '0.8',
    });
    expect(Number((warnings[0]!.data as { marginRatio: string }).marginRatio)).toBeGreaterThan(0.8);

    // through the liquidation price: the position is liquidated and the user told so
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '95000');
    await published(ws);
    const liquidated = ws.data('futures.alerts').find((m) => (m.data as FuturesAlert).kind === 'liquidated');
    expect(liquidated?.data).toMatchObject({ kind: 'liquidated', symbol: BTC, direction: 'long', quantity: '0.1' });
    expect((await call(a, '/positions', {})).body.data).toEqual([]);
    expect(findGaps(ws.data('futures.alerts'))).toEqual([]);
    ws.close();
    await call(b, '/position/close', { clientOrderId: cid(), symbol: BTC }).catch(() => undefined);
  });

  it('a transfer between wallets, once committed, moves the spot balances and the futures account channels', async () => {
    const a = await user('300');
    const ws = await open(a, ['balances', 'futures.account']);
    expect(last<FuturesAccount>(ws, 'futures.account').available).toBe('300');
    const res = await t.server.api(
      '/xb/v1/wallet/transfer',
      { requestId: `transfer-${cid()}`, currency: 'USDT', from: 'futures', to: 'spot', amount: '120' },
      { token: a.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await published(ws);
    expect(last<FuturesAccount>(ws, 'futures.account').available).toBe('180');
    expect(last(ws, 'balances')).toEqual([
      expect.objectContaining({ wallet: 'spot', currency: 'USDT', available: '120' }),
    ]);
    expect(findGaps(ws.data('balances'))).toEqual([]);
    // no position: a mark tick has nothing to change for this user, so nothing is read or sent
    const sent = ws.data('futures.account').length;
    await t.h.setIndex(BTC, '100100');
    await published(ws);
    expect(ws.data('futures.account')).toHaveLength(sent);
    ws.close();
  });
});
