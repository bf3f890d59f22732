import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { devPriceControlAllowed } from './dev-price.ts';
import type { PriceSource } from './price-source.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 2, 1));
const prices = () => service(server.built.ctx, 'prices');

const server = serverForSuite({ clock, env: { DEV_PRICE_CONTROL: 'true' } });

describe('development price control', () => {
  it('is refused in production and never offered on a live source', () => {
    expect(() => loadConfig({ DEV_PRICE_CONTROL: 'true', NODE_ENV: 'production' })).toThrow(/DEV_PRICE_CONTROL/);
    expect(loadConfig({}).devPriceControl).toBe(false);
    const on = loadConfig({ DEV_PRICE_CONTROL: 'true', NODE_ENV: 'development' });
    expect(on.devPriceControl).toBe(true);
    const live: PriceSource = { kind: 'live', quote: async () => [] };
    expect(devPriceControlAllowed(on, live)).toBe(false);
    expect(devPriceControlAllowed(on, new SimulatedFeed('x'))).toBe(true);
    expect(devPriceControlAllowed(loadConfig({}), new SimulatedFeed('x'))).toBe(false);
  });

  it('makes the next tick quote the set price, stored as demo with the override named as its source', async () => {
    const set = await server.api('/dev/price/set', { instrument: 'BTCUSDT', price: '123456.78900000' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ instrument: 'BTCUSDT', price: '123456.789' });
    // nothing changes before the next tick
    expect(prices().latest('BTCUSDT').price).toBe('97000');

    clock.advance(1000);
    await prices().tick();
    const index = await server.api('/xb/v1/market/index', { instrument: 'BTCUSDT' });
    expect(index.body.data).toMatchObject({
      demo: true,
      prices: [{ instrument: 'BTCUSDT', price: '123456.789', ts: clock.now(), demo: true }],
    });

    clock.advance(1000);
    await prices().tick();
    const ticks = await server.api('/xb/v1/market/ticks', {
      instrument: 'BTCUSDT',
      from: clock.now() - 1000,
      to: clock.now(),
    });
    const [overridden, walked] = ticks.body.data.ticks;
    expect(overridden).toEqual({
      ts: clock.now() - 1000,
      price: '123456.789',
      demo: true,
      sources: { 'dev-override': '123456.789' },
    });
    // the walk resumes from the set price
    expect(walked.demo).toBe(true);
    expect(walked.sources).toEqual({ simulated: walked.price });
    expect(Math.abs(Math.log(Number(walked.price) / 123456.789))).toBeLessThan(0.01);
    // other instruments keep walking
    const eth = await server.api('/xb/v1/market/ticks', { instrument: 'ETHUSDT', from: clock.now(), to: clock.now() });
    expect(eth.body.data.ticks[0].sources).toHaveProperty('simulated');
  });

  it('validates the call, with localized messages', async () => {
    const unknown = await server.api('/dev/price/set', { instrument: 'NOPE', price: '1' });
    expect(unknown.body).toMatchObject({ error: 'UNKNOWN_INSTRUMENT', field: 'instrument' });
    for (const price of ['0', '0.000', '-5', '1.123456789', 'abc', '1e5']) {
      const res = await server.api('/dev/price/set', { instrument: 'BTCUSDT', price }, { locale: 'de' });
      expect(res.status, price).toBe(400);
      expect(res.body.field, price).toBe('price');
    }
    const de = await server.api('/dev/price/set', { instrument: 'BTCUSDT', price: '0' }, { locale: 'de' });
    expect(de.body.message).toBe('Ein Preis muss eine positive Dezimalzahl mit höchstens 8 Nachkommastellen sein');
    expect((await server.api('/dev/price/set', { instrument: 'BTCUSDT', price: 5 })).status).toBe(400);
  });
});
