import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 2, 1));
const prices = () => service(server.built.ctx, 'prices');

// the ticks come only from the test: a background tick after `clock.advance` would make a stale price fresh
const server = serverForSuite({ clock, services: { priceScheduler: { every: () => () => {} } } });

describe('index prices', () => {
  it('answers the latest simulated prices labelled demo', async () => {
    const res = await server.api('/xb/v1/market/index', {});
    expect(res.status).toBe(200);
    expect(res.body.data.demo).toBe(true);
    const symbols = res.body.data.prices.map((p: any) => p.instrument);
    expect(symbols).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'XAUUSDT', 'XAGUSDT', 'WTIUSDT']));
    const btc = res.body.data.prices.find((p: any) => p.instrument === 'BTCUSDT');
    expect(btc).toMatchObject({ price: '97000', ts: clock.now(), demo: true });
  });

  it('stores every tick append-only and serves them for re-checking', async () => {
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      await prices().tick();
    }
    const res = await server.api('/xb/v1/market/ticks', {
      instrument: 'BTCUSDT',
      from: clock.now() - 5000,
      to: clock.now(),
    });
    expect(res.body.data.ticks).toHaveLength(6);
    expect(res.body.data.ticks[5]).toMatchObject({ ts: clock.now(), demo: true });
    expect(res.body.data.ticks.every((t: any) => /^\d+(\.\d{1,8})?$/.test(t.price))).toBe(true);
    await expect(server.built.ctx.db.execute(sql`update index_ticks set price = 1`)).rejects.toThrow();
  });

  it('reports a stale price as unavailable, with a localized error', async () => {
    clock.advance(60_000);
    const res = await server.api('/xb/v1/market/index', { instrument: 'ETHUSDT' }, { locale: 'zh_cn' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'PRICE_UNAVAILABLE', message: 'ETHUSDT 的价格暂时无法获取，请稍后再试' });
    const all = await server.api('/xb/v1/market/index', {});
    expect(all.body.data.prices[0].price).toBeNull();
    await prices().tick();
    expect((await server.api('/xb/v1/market/index', { instrument: 'ETHUSDT' })).status).toBe(200);
  });

  it('validates the calls', async () => {
    expect((await server.api('/xb/v1/market/index', { instrument: 'NOPE' })).body.error).toBe('UNKNOWN_INSTRUMENT');
    expect((await server.api('/xb/v1/market/ticks', { instrument: 'BTCUSDT', from: 10, to: 5 })).status).toBe(400);
    expect((await server.api('/xb/v1/market/ticks', { instrument: 'BTCUSDT', from: '1' })).status).toBe(400);
  });

  it('has no development price control unless DEV_PRICE_CONTROL is on', async () => {
    const res = await server.api('/dev/price/set', { instrument: 'BTCUSDT', price: '1' });
    expect(res.status).toBe(404);
  });

  it('resumes the path from the stored ticks after a restart', async () => {
    const before = prices().latest('BTCUSDT');
    await server.restart();
    expect(prices().latest('BTCUSDT').price).toBe(before.price);
  });
});
