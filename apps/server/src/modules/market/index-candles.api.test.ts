import { service } from '../../platform/context.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseUnits } from '@tidemark/contract/money';
import { candleOpenTime, type Candle, type WsServerMessage } from '@tidemark/contract/spot';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';

/**
 * Index candles: what a market's chart draws before it has trades of its own. Over HTTP they must equal the
 * stored ticks grouped by interval (recomputed here from `/market/ticks`); over `/ws` the channel
 * `candles:<s>:<i>:index` starts with the same candles and follows new ticks.
 */

// Sunday 1 March 2026, 00:00:30 UTC: the ticks below cross two minute boundaries, and the week began on Monday
const start = Date.UTC(2026, 2, 1, 0, 0, 30);
const clock = new ManualClock(start);
const prices = () => service(server.built.ctx, 'prices');

const server = serverForSuite({ clock });
beforeAll(async () => {
  for (let i = 0; i < 100; i += 1) {
    clock.advance(1000);
    await prices().tick();
  }
});

const units = (p: string) => parseUnits(p, 8);

/** The candles the ticks make, computed independently of the server's SQL. */
function expected(ticks: Array<{ ts: number; price: string }>, interval: '1m' | '1W') {
  const out = new Map<number, { open: string; high: string; low: string; close: string }>();
  for (const t of ticks) {
    const time = candleOpenTime(t.ts, interval);
    const c = out.get(time);
    if (!c) out.set(time, { open: t.price, high: t.price, low: t.price, close: t.price });
    else {
      if (units(t.price) > units(c.high)) c.high = t.price;
      if (units(t.price) < units(c.low)) c.low = t.price;
      c.close = t.price;
    }
  }
  return [...out].map(([time, c]) => ({ time, ...c }));
}

async function storedTicks() {
  const res = await server.api('/xb/v1/market/ticks', { instrument: 'BTCUSDT', from: start - 60_000, to: clock.now() });
  return res.body.data.ticks as Array<{ ts: number; price: string }>;
}

describe('POST /xb/v1/market/candles', () => {
  it('groups the stored index ticks into 1m candles, labelled demo on simulated prices', async () => {
    const ticks = await storedTicks();
    expect(ticks.length).toBe(101);
    const res = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '1m' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ demo: true, instrument: 'BTCUSDT', interval: '1m' });
    const candles = res.body.data.candles as Candle[];
    expect(candles).toHaveLength(3);
    expect(candles.map(({ time, open, high, low, close }) => ({ time, open, high, low, close }))).toEqual(
      expected(ticks, '1m'),
    );
    expect(candles.every((c) => c.demo && c.volume === '0' && c.trades === 0)).toBe(true);
  });

  it('starts a week on Monday and answers only the latest `limit` candles', async () => {
    const ticks = await storedTicks();
    const week = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '1W' });
    const [only] = week.body.data.candles as Candle[];
    expect(only).toMatchObject(expected(ticks, '1W')[0]!);
    expect(new Date(only!.time).toISOString()).toBe('2026-02-23T00:00:00.000Z');
    const last = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '30s', limit: 2 });
    const times = (last.body.data.candles as Candle[]).map((c) => c.time);
    expect(times).toEqual([candleOpenTime(clock.now(), '30s') - 30_000, candleOpenTime(clock.now(), '30s')]);
  });

  it('refuses an unknown interval or instrument and a reversed range', async () => {
    const interval = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '3m' });
    expect(interval.status).toBe(400);
    expect(interval.body.message).toBe('Unknown candle interval');
    const unknown = await server.api('/xb/v1/market/candles', { instrument: 'NOPEUSDT', interval: '1m' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('UNKNOWN_INSTRUMENT');
    const range = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '1m', from: 5, to: 4 });
    expect(range.status).toBe(400);
  });
});

describe('/ws candles:<symbol>:<interval>:index', () => {
  it('snapshots the index candles and follows every new tick', async () => {
    const socket = new WebSocket(server.url.replace('http', 'ws') + '/ws');
    const messages: WsServerMessage[] = [];
    socket.on('message', (raw) => messages.push(...(JSON.parse(String(raw)) as WsServerMessage[])));
    await new Promise((resolve) => socket.once('open', resolve));
    const until = async (match: (m: WsServerMessage) => boolean) => {
      for (let i = 0; i < 100 && !messages.some(match); i += 1) await new Promise((r) => setTimeout(r, 50));
      const found = messages.find(match);
      expect(found, JSON.stringify(messages).slice(0, 1000)).toBeDefined();
      return found!;
    };
    const channel = 'candles:BTCUSDT:1m:index';
    socket.send(JSON.stringify({ op: 'subscribe', channels: [channel, 'candles:BTCUSDT:1m:other'] }));
    const snapshot = await until((m) => m.type === 'snapshot' && m.channel === channel);
    const rest = await server.api('/xb/v1/market/candles', { instrument: 'BTCUSDT', interval: '1m', limit: 200 });
    expect(snapshot.type === 'snapshot' && snapshot.data).toEqual(rest.body.data.candles);
    const refused = await until((m) => m.type === 'error');
    expect(refused).toMatchObject({ channel: 'candles:BTCUSDT:1m:other' });

    // the feed reads the stored ticks once a second: store ticks into a new minute until one has been carried
    clock.advance(30_000);
    let update: WsServerMessage | undefined;
    for (let round = 0; round < 8 && !update; round += 1) {
      clock.advance(1000);
      await prices().tick();
      const latest = prices().latest('BTCUSDT');
      await new Promise((r) => setTimeout(r, 1100));
      update = messages.find(
        (m) =>
          m.type === 'update' &&
          m.channel === channel &&
          (m.data as Candle).time === candleOpenTime(latest.ts, '1m') &&
          (m.data as Candle).close === latest.price,
      );
    }
    expect(update, JSON.stringify(messages.slice(-3))).toBeDefined();
    const candle = (update as { data: Candle }).data;
    const minuteTicks = (await storedTicks()).filter((t) => candleOpenTime(t.ts, '1m') === candle.time);
    expect(candle).toMatchObject(expected(minuteTicks, '1m')[0]!);
    socket.close();
  });
});
