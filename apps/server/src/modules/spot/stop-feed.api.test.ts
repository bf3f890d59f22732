import { beforeAll, describe, expect, it } from 'vitest';
import { WsTestClient as Client, findGaps } from '../../testing/ws-test-client.ts';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/** The `stops` channel of `/ws`: placed, fired and cancelled stops reach their owner without polling. */

const clock = new ManualClock(Date.UTC(2026, 10, 26, 23));
let n = 0;
const cid = () => `sf-${++n}`;
let maker: { id: number; token: string };
let taker: { id: number; token: string };

const stop = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/stop/place', { clientOrderId: cid(), ...body }, { token });
const order = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token });

async function tradeAt(symbol: string, price: string, quantity: string) {
  expect((await order(maker.token, { symbol, side: 'sell', type: 'limit', price, quantity })).status).toBe(200);
  const hit = await order(taker.token, { symbol, side: 'buy', type: 'limit', price, quantity, timeInForce: 'IOC' });
  expect(hit.body.data.status, JSON.stringify(hit.body)).toBe('filled');
}

const server = serverForSuite({ clock });
beforeAll(async () => {
  for (const who of ['maker', 'taker'] as const) {
    const u = await server.createUser();
    await server.fund(u.id, 'USDT', 10_000_000_000_000n);
    await server.fund(u.id, 'LINK', 100_000_000_000n);
    if (who === 'maker') maker = u;
    else taker = u;
  }
});

type Stop = { id: number; status: string; cancelReason: string | null; orderId: number | null };
const stopsOf = (c: Client) => c.data('stops').flatMap((m) => (m.type === 'update' ? (m.data as Stop[]) : []));

describe('/ws stops channel', () => {
  it('needs the token, starts with the waiting stops and sends each change of state to the owner only', async () => {
    await tradeAt('LINKUSDT', '10', '1');
    const alice = await server.createUser();
    await server.fund(alice.id, 'USDT', 1_000_000_000n);
    await server.fund(alice.id, 'LINK', 10_000_000_000n);
    const bob = await server.createUser();

    const anon = await Client.open(server.url);
    anon.send({ op: 'subscribe', channels: ['stops'] });
    expect(await anon.waitFor((m) => m.type === 'error', 'an error')).toMatchObject({ channel: 'stops' });
    anon.close();

    const early = await stop(alice.token, {
      symbol: 'LINKUSDT',
      side: 'sell',
      type: 'stop_limit',
      stopPrice: '9',
      price: '8.9',
      quantity: '1',
    });
    const a = await Client.open(server.url);
    await a.subscribe(['stops'], alice.token);
    const b = await Client.open(server.url);
    await b.subscribe(['stops'], bob.token);
    expect(a.data('stops')[0]).toMatchObject({
      type: 'snapshot',
      data: [expect.objectContaining({ id: early.body.data.id, status: 'waiting' })],
    });

    // placed: sent at once
    const buyStop = await stop(alice.token, {
      symbol: 'LINKUSDT',
      side: 'buy',
      type: 'stop_limit',
      stopPrice: '11',
      price: '11.1',
      quantity: '1',
    });
    await a.waitFor((m) => m.type === 'update' && stopsOf(a).some((s) => s.id === buyStop.body.data.id), 'placed');

    // fired by someone else's trade: sent after that trade's commit, with the order it placed
    await order(maker.token, { symbol: 'LINKUSDT', side: 'sell', type: 'limit', price: '11', quantity: '1' });
    await tradeAt('LINKUSDT', '11', '1');
    await a.waitFor(() => stopsOf(a).some((s) => s.id === buyStop.body.data.id && s.status === 'triggered'), 'fired');
    expect(stopsOf(a).find((s) => s.status === 'triggered')!.orderId).toEqual(expect.any(Number));

    // cancelled by its owner
    expect(
      (await server.api('/xb/v1/spot/stop/cancel', { id: early.body.data.id }, { token: alice.token })).status,
    ).toBe(200);
    await a.waitFor(() => stopsOf(a).some((s) => s.id === early.body.data.id && s.status === 'cancelled'), 'cancelled');
    await a.settle();
    await b.settle();
    expect(stopsOf(a).map((s) => [s.id, s.status])).toEqual([
      [buyStop.body.data.id, 'waiting'],
      [buyStop.body.data.id, 'triggered'],
      [early.body.data.id, 'cancelled'],
    ]);
    expect(findGaps(a.data('stops'))).toEqual([]);
    // bob saw his empty snapshot and nothing else
    expect(b.data('stops')).toEqual([expect.objectContaining({ type: 'snapshot', data: [] })]);
    a.close();
    b.close();
  });
});
