import { service } from '../../platform/context.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverForSuite } from '../../testing/test-server.ts';

let maker: { id: number; token: string };
let taker: { id: number; token: string };
let n = 0;

const place = async (token: string, body: Record<string, unknown>) => {
  const r = await server.api(
    '/xb/v1/spot/order/place',
    { clientOrderId: `s-${++n}`, symbol: 'BTCUSDT', ...body },
    { token },
  );
  expect(r.status).toBe(200);
  return r.body.data;
};

/** A socket that keeps every message it receives, and waits for one that matches. */
async function open(path: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}${path}`);
  const got: any[] = [];
  socket.on('message', (raw) => got.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waitFor = async (pred: (m: any) => boolean, ms = 5_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = got.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching message on ${path}; got ${JSON.stringify(got).slice(0, 500)}`);
  };
  return { socket, got, waitFor };
}

const server = serverForSuite();
beforeAll(async () => {
  maker = await server.createUser();
  taker = await server.createUser();
  await server.fund(maker.id, 'BTC', 100_000_000n);
  await server.fund(maker.id, 'USDT', 10_000_000_000n);
  await server.fund(taker.id, 'USDT', 10_000_000_000n);
}, 120_000);

describe('Binance-style streams', () => {
  it('streams depth diffs that continue the REST snapshot, book ticker, trades and klines', async () => {
    const c = await open('/stream?streams=btcusdt@depth/btcusdt@bookTicker/btcusdt@trade/btcusdt@kline_1m');
    const snapshot = (await (await fetch(`${server.url}/api/v3/depth?symbol=BTCUSDT`)).json()) as {
      lastUpdateId: number;
      bids: [string, string][];
      asks: [string, string][];
    };
    await place(maker.token, { side: 'sell', type: 'limit', price: '50000', quantity: '0.01' });
    await place(maker.token, { side: 'buy', type: 'limit', price: '49000', quantity: '0.01' });
    await place(taker.token, { side: 'buy', type: 'market', quantity: '0.002' });

    const trade = await c.waitFor((m) => m.stream === 'btcusdt@trade');
    expect(trade.data).toMatchObject({
      e: 'trade',
      s: 'BTCUSDT',
      m: false,
      p: expect.stringMatching(/^50000(\.0+)?$/),
    });
    expect(Number(trade.data.q)).toBe(0.002);
    const kline = await c.waitFor((m) => m.stream === 'btcusdt@kline_1m', 5_000);
    expect(kline.data.k).toMatchObject({ i: '1m', s: 'BTCUSDT', n: 1 });
    expect(Number(kline.data.k.c)).toBe(50000);
    await c.waitFor((m) => m.stream === 'btcusdt@bookTicker' && Number(m.data.A) === 0.008);

    // a local book from the snapshot and the diffs (Binance's rule: first event has U <= lastUpdateId + 1 <= u)
    const diffs = c.got.filter((m) => m.stream === 'btcusdt@depth').map((m) => m.data);
    expect(diffs[0].U).toBe(snapshot.lastUpdateId + 1);
    const book = { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
    let last = snapshot.lastUpdateId;
    for (const d of diffs) {
      expect(d.U).toBe(last + 1);
      last = d.u;
      for (const [side, levels] of [
        ['bids', d.b],
        ['asks', d.a],
      ] as const)
        for (const [p, q] of levels as [string, string][]) {
          if (Number(q) === 0) book[side].delete(p);
          else book[side].set(p, q);
        }
    }
    const rest = (await (await fetch(`${server.url}/api/v3/depth?symbol=BTCUSDT`)).json()) as typeof snapshot;
    expect(rest.lastUpdateId).toBe(last);
    expect([...book.bids].sort()).toEqual([...rest.bids].sort());
    expect([...book.asks].sort()).toEqual([...rest.asks].sort());
    c.socket.close();
  });

  it('subscribes by message on a raw /ws path, lists and unsubscribes', async () => {
    const c = await open('/ws/anything');
    c.socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade', 'btcusdt@ticker'], id: 1 }));
    await c.waitFor((m) => m.id === 1 && m.result === null);
    c.socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 2 }));
    expect((await c.waitFor((m) => m.id === 2)).result).toEqual(['btcusdt@aggTrade', 'btcusdt@ticker']);
    c.socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['nope@trade'], id: 3 }));
    expect((await c.waitFor((m) => m.id === 3)).error).toMatchObject({ code: 2 });
    await place(taker.token, { side: 'buy', type: 'market', quantity: '0.001' });
    const agg = await c.waitFor((m) => m.e === 'aggTrade');
    expect(agg).toMatchObject({ s: 'BTCUSDT', m: false });
    const ticker = await c.waitFor((m) => m.e === '24hrTicker', 5_000);
    expect(ticker).toMatchObject({ s: 'BTCUSDT' });
    c.socket.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: ['btcusdt@aggTrade'], id: 4 }));
    await c.waitFor((m) => m.id === 4);
    c.socket.close();
  });

  it('streams the user data of a listen key: executionReport and outboundAccountPosition', async () => {
    const keys = service(server.built.ctx, 'apiKeys');
    const k = await keys.create(taker.id, { label: 'stream', permissions: ['read', 'trade'] });
    const call = (method: string, query = '') =>
      fetch(`${server.url}/api/v3/userDataStream${query}`, { method, headers: { 'x-mbx-apikey': k.apiKey } }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as any }),
      );
    const { listenKey } = (await call('POST')).body as { listenKey: string };
    expect(listenKey).toMatch(/^[0-9a-f]{60}$/);
    expect((await call('POST')).body.listenKey).toBe(listenKey);
    const c = await open(`/ws/${listenKey}`);
    const order = await place(taker.token, { side: 'buy', type: 'limit', price: '50000', quantity: '0.001' });
    const report = await c.waitFor((m) => m.e === 'executionReport' && m.i === order.id && m.X === 'FILLED');
    expect(report).toMatchObject({ s: 'BTCUSDT', S: 'BUY', o: 'LIMIT', x: 'TRADE', N: 'USDT' });
    expect(Number(report.l)).toBe(0.001);
    expect(Number(report.L)).toBe(50000);
    const position = await c.waitFor((m) => m.e === 'outboundAccountPosition');
    expect(position.B.map((b: { a: string }) => b.a)).toContain('USDT');
    expect((await call('PUT', `?listenKey=${listenKey}`)).body).toEqual({});
    expect((await call('DELETE', `?listenKey=${listenKey}`)).body).toEqual({});
    expect((await call('PUT', `?listenKey=${listenKey}`)).body.code).toBe(-1125);
    expect(
      (await fetch(`${server.url}/api/v3/userDataStream`, { method: 'POST' }).then((r) => r.json())) as any,
    ).toMatchObject({
      code: -2014,
    });
    c.socket.close();
  });
});
