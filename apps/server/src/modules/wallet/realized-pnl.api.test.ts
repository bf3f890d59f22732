import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

/**
 * The assets screen's realized P&L is what futures really realized: a long closed 1,000 USDT above its
 * entry on 0.1 BTC realized +100 USDT, its counterparty −100, shown for today and in total; the next
 * day "today" starts again from 0 while the total stays. Figures computed by hand from the prices.
 */

let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 2, 1, 1, 0, 0));
let seq = 0;
const cid = () => `p${(seq += 1)}`;
type U = { id: number; token: string };

const server = serverForSuite({ clock });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await h.setIndex('BTCUSDT', '100000');
});

const order = (u: U, body: Record<string, unknown>) =>
  server.api('/xb/v1/futures/order/place', { clientOrderId: cid(), symbol: 'BTCUSDT', ...body }, { token: u.token });
const wallet = async (u: U, name: string) =>
  (await server.api('/xb/v1/wallet/assets', {}, { token: u.token })).body.data.wallets.find(
    (w: any) => w.wallet === name,
  );

describe('realized P&L on the assets screen', () => {
  it('comes from the futures closes, per day and in total', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    await h.fund(a.id, '10000');
    await h.fund(b.id, '10000');
    expect(await wallet(a, 'futures')).toMatchObject({ realizedPnl: '0', realizedPnlToday: '0' });

    expect((await order(b, { side: 'sell', type: 'limit', price: '100000', quantity: '0.1' })).status).toBe(200);
    expect((await order(a, { side: 'buy', type: 'market', quantity: '0.1' })).body.data).toMatchObject({
      status: 'filled',
    });
    // opening realizes nothing
    expect(await wallet(a, 'futures')).toMatchObject({ realizedPnl: '0', realizedPnlToday: '0' });

    await h.setIndex('BTCUSDT', '101000');
    expect((await order(b, { side: 'buy', type: 'limit', price: '101000', quantity: '0.1' })).status).toBe(200);
    const close = await order(a, { side: 'sell', type: 'market', quantity: '0.1', reduceOnly: true });
    expect(close.body.data, JSON.stringify(close.body)).toMatchObject({ status: 'filled', averagePrice: '101000' });

    const fa = await wallet(a, 'futures');
    expect(fa).toMatchObject({ realizedPnl: '100', realizedPnlToday: '100' });
    expect(fa.currencies.find((c: any) => c.currency === 'USDT')).toMatchObject({
      realizedPnl: '100',
      realizedPnlToday: '100',
    });
    expect(await wallet(b, 'futures')).toMatchObject({ realizedPnl: '-100', realizedPnlToday: '-100' });
    // nothing from futures shows in the spot wallet; earn has no realized P&L
    expect(await wallet(a, 'spot')).toMatchObject({ realizedPnl: '0', realizedPnlToday: '0' });
    expect(await wallet(a, 'earn')).toMatchObject({ realizedPnl: null, realizedPnlToday: null });

    // the next UTC day
    clock.advance(24 * 3600_000);
    await h.setIndex('BTCUSDT', '101000');
    expect(await wallet(a, 'futures')).toMatchObject({ realizedPnl: '100', realizedPnlToday: '0' });
    expect(await wallet(b, 'futures')).toMatchObject({ realizedPnl: '-100', realizedPnlToday: '0' });

    const c = await h.check();
    expect(c.problems).toEqual([]);
  });
});
