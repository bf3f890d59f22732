import { describe, expect, it } from 'vitest';
import { BTC, futuresApiSuite, type TestUser } from './futures.test-helpers.ts';

/** The public book and tape of a contract over HTTP: what the trade screen's futures side shows. */

const t = futuresApiSuite({ start: Date.UTC(2026, 2, 1, 1, 0, 0), idPrefix: 'b' });
const { clock, user, cid, call } = t;

const place = (u: TestUser, body: object) => call(u, '/order/place', { clientOrderId: cid(), symbol: BTC, ...body });

describe('futures depth and trades', () => {
  it('answers the aggregated book best first and the matched trades newest first', async () => {
    const maker = await user('50000');
    const taker = await user('50000');
    for (const [side, price, quantity] of [
      ['buy', '99990', '0.1'],
      ['buy', '99990', '0.2'],
      ['buy', '99980.5', '0.05'],
      ['sell', '100010', '0.1'],
      ['sell', '100020', '0.3'],
    ] as const)
      expect((await place(maker, { side, type: 'limit', price, quantity })).status).toBe(200);

    const depth = await t.server.api('/xb/v1/futures/depth', { symbol: BTC, limit: 5 });
    expect(depth.status).toBe(200);
    expect(depth.body.data).toMatchObject({
      symbol: BTC,
      bids: [
        ['99990', '0.3'],
        ['99980.5', '0.05'],
      ],
      asks: [
        ['100010', '0.1'],
        ['100020', '0.3'],
      ],
    });

    clock.advance(1000);
    expect((await place(taker, { side: 'buy', type: 'market', quantity: '0.15' })).body.data.status).toBe('filled');
    const trades = await t.server.api('/xb/v1/futures/trades', { symbol: BTC });
    expect(trades.body.data).toEqual([
      expect.objectContaining({ price: '100020', quantity: '0.05', side: 'buy', time: clock.now() }),
      expect.objectContaining({ price: '100010', quantity: '0.1', side: 'buy', time: clock.now() }),
    ]);
    expect(trades.body.data[0].id).toBeGreaterThan(trades.body.data[1].id);
    const after = await t.server.api('/xb/v1/futures/depth', { symbol: BTC, limit: 1 });
    expect(after.body.data.asks).toEqual([['100020', '0.25']]);
    expect(after.body.data.bids).toEqual([['99990', '0.3']]);
  });

  it('refuses an unknown contract and a limit out of range', async () => {
    const unknown = await t.server.api('/xb/v1/futures/trades', { symbol: 'NOPEUSDT' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('UNKNOWN_CONTRACT');
    expect((await t.server.api('/xb/v1/futures/depth', { symbol: BTC, limit: 1000 })).status).toBe(400);
    expect((await t.server.api('/xb/v1/futures/depth', {})).status).toBe(400);
  });
});
