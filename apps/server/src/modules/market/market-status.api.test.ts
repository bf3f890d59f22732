import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { useWalletHarness } from '../wallet/wallet.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let finance: string;
let support: string;
let trader: { id: number; token: string };
let seq = 0;

const server = serverForSuite({ clock });
const h = useWalletHarness(server, clock);
beforeAll(async () => {
  finance = h.finance;
  support = (await server.createOperator(['support'])).token;
  trader = await h.user();
  await h.deposit(trader.id, 'USDT', 'TRC20', '1000');
}, 60_000);

const buy = (symbol = 'BTCUSDT') =>
  server.api(
    '/xb/v1/spot/order/place',
    { clientOrderId: `ms-${seq++}`, symbol, side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
    { token: trader.token },
  );
const setStatus = (status: string, token = finance, product = 'spot', symbol = 'BTCUSDT') =>
  server.api(`/admin/${product}/markets/status`, { symbol, status, reason: `drill: ${status}` }, { token });

describe('market status from the back office', () => {
  it('lists every market with its parameters, trading by default, to the desks that read', async () => {
    const res = await server.api('/admin/spot/markets', {}, { token: support });
    const btc = res.body.data.markets.find((m: { symbol: string }) => m.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ tickSize: '0.1', stepSize: '0.00001', minNotional: '5', status: 'trading' });
    const futures = await server.api('/admin/futures/markets', {}, { token: support });
    expect(futures.body.data.markets.length).toBeGreaterThan(0);
    expect(typeof futures.body.data.markets[0].makerFee).toBe('string');
  });

  it('is finance’s switch: other roles are refused and nothing changes', async () => {
    const compliance = (await server.createOperator(['compliance'])).token;
    expect((await setStatus('halted', support)).status).toBe(403);
    expect((await setStatus('halted', compliance)).status).toBe(403);
    expect((await buy()).status).toBe(200);
  });

  it('halted refuses orders and cancels; cancel-only lets orders off only; trading again takes orders', async () => {
    const resting = (await buy()).body.data.id as number;
    expect((await setStatus('halted')).status).toBe(200);
    const refused = await buy();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'MARKET_HALTED', message: expect.stringContaining('BTCUSDT') });
    const cancel = await server.api('/xb/v1/spot/order/cancel', { orderId: resting }, { token: trader.token });
    expect(cancel.body.error).toBe('MARKET_HALTED');
    // another market is untouched
    expect((await buy('ETHUSDT')).status).toBe(200);
    // "cancel everything" takes off what it may and leaves the halted book as it stands
    const all = await server.api('/xb/v1/spot/order/cancel-all', {}, { token: trader.token });
    expect(all.body.data.cancelled).toBeGreaterThanOrEqual(1);
    const open = await server.api('/xb/v1/spot/orders/open', {}, { token: trader.token });
    expect(open.body.data.map((o: { id: number }) => o.id)).toContain(resting);
    expect(open.body.data.every((o: { symbol: string }) => o.symbol === 'BTCUSDT')).toBe(true);

    await setStatus('cancel_only');
    expect((await buy()).body.error).toBe('MARKET_CANCEL_ONLY');
    expect(
      (await server.api('/xb/v1/spot/order/cancel', { orderId: resting }, { token: trader.token })).body.data.status,
    ).toBe('cancelled');

    await setStatus('trading');
    expect((await buy()).status).toBe(200);
  });

  it('halts a futures contract for new orders', async () => {
    await setStatus('halted', finance, 'futures');
    const res = await server.api(
      '/xb/v1/futures/order/place',
      { clientOrderId: `mf-${seq++}`, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
      { token: trader.token },
    );
    expect(res.body.error).toBe('MARKET_HALTED');
    await setStatus('trading', finance, 'futures');
  });

  it('writes each change to the audit log with before, after and the reason', async () => {
    const admin = (await server.createOperator(['super_admin'])).token;
    const audit = await server.api(
      '/admin/audit/list',
      { action: 'market.status', targetId: 'BTCUSDT' },
      { token: admin },
    );
    const spot = audit.body.data.entries.filter((e: { targetType: string }) => e.targetType === 'spot_market');
    expect(spot.map((e: { detail: { after: string } }) => e.detail.after)).toEqual([
      'trading',
      'cancel_only',
      'halted',
    ]);
    expect(spot[2].detail).toEqual({ before: 'trading', after: 'halted', reason: 'drill: halted' });
  });

  it('refuses an unknown market or status, and keeps a halt across a restart', async () => {
    expect((await setStatus('halted', finance, 'spot', 'NOPEUSDT')).status).toBe(400);
    expect((await setStatus('closed')).status).toBe(400);
    await setStatus('halted', finance, 'spot', 'ETHUSDT');
    await server.restart();
    h.install();
    expect((await buy('ETHUSDT')).body.error).toBe('MARKET_HALTED');
    expect((await buy()).status).toBe(200);
  }, 60_000);
});
