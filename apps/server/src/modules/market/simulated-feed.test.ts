import { describe, expect, it } from 'vitest';
import { DEV_OVERRIDE_SOURCE, SimulatedFeed } from './simulated-feed.ts';

const T0 = Date.UTC(2026, 0, 1);

async function path(seed: string, seconds: number): Promise<string[]> {
  const feed = new SimulatedFeed(seed);
  const out: string[] = [];
  for (let s = 0; s < seconds; s += 1) {
    const [q] = await feed.quote(['BTCUSDT'], T0 + s * 1000);
    out.push(q!.price);
  }
  return out;
}

describe('simulated feed', () => {
  it('gives the same path for the same seed and another for another seed', async () => {
    const a = await path('seed-a', 50);
    expect(await path('seed-a', 50)).toEqual(a);
    expect(await path('seed-b', 50)).not.toEqual(a);
    expect(a[0]).toBe('97000');
  });

  it('moves with a realistic per-second size and stays positive', async () => {
    const a = (await path('seed-a', 300)).map(Number);
    for (let i = 1; i < a.length; i += 1) {
      const r = Math.abs(Math.log(a[i]! / a[i - 1]!));
      expect(r).toBeLessThan(0.01); // BTC at 55 %/year moves ~0.01 % a second
    }
    expect(new Set(a).size).toBeGreaterThan(100);
  });

  it('resumes a path from a stored price', async () => {
    const full = await path('seed-a', 10);
    const feed = new SimulatedFeed('seed-a');
    feed.resume('BTCUSDT', T0 + 4000, full[4]!);
    const [q] = await feed.quote(['BTCUSDT'], T0 + 5000);
    expect(Number(q!.price)).toBeCloseTo(Number(full[5]), 6);
  });

  it('quotes commodities and labels the source', async () => {
    const feed = new SimulatedFeed('x');
    const qs = await feed.quote(['XAUUSDT', 'XAGUSDT', 'WTIUSDT', 'NOPE'], T0);
    expect(qs.map((q) => q.symbol)).toEqual(['XAUUSDT', 'XAGUSDT', 'WTIUSDT']);
    expect(qs[0]!.sources).toEqual({ simulated: '2650' });
    expect(feed.kind).toBe('simulated');
  });

  it('quotes a development override exactly once, labelled, then walks on from it', async () => {
    const feed = new SimulatedFeed('seed-a');
    await feed.quote(['BTCUSDT', 'ETHUSDT'], T0);
    expect(feed.override('BTCUSDT', '105123.12345678')).toBe('105123.12345678');
    expect(feed.override('BTCUSDT', '105000.10')).toBe('105000.1'); // the last one set wins
    const [btc, eth] = await feed.quote(['BTCUSDT', 'ETHUSDT'], T0 + 1000);
    expect(btc).toEqual({ symbol: 'BTCUSDT', price: '105000.1', sources: { [DEV_OVERRIDE_SOURCE]: '105000.1' } });
    expect(eth!.sources).toHaveProperty('simulated');
    const [next] = await feed.quote(['BTCUSDT'], T0 + 2000);
    expect(next!.sources).toEqual({ simulated: next!.price });
    expect(Math.abs(Math.log(Number(next!.price) / 105000.1))).toBeLessThan(0.01);
    expect(() => feed.override('NOPE', '1')).toThrow(RangeError);
    expect(() => feed.override('BTCUSDT', '0')).toThrow(RangeError);
    expect(() => feed.override('BTCUSDT', '1.123456789')).toThrow();
  });
});
