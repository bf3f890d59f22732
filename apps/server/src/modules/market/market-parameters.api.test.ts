import { beforeAll, describe, expect, it } from 'vitest';
import { feeOf, parseRate } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { service } from '../../platform/context.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { serverForSuite } from '../../testing/test-server.ts';

// Expected amounts are computed here from the rates, independently of the server's code.
const OLD_MAKER = parseRate('0.0008');
const NEW_MAKER = parseRate('0.0005');
const NEW_TAKER = parseRate('0.002');

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let finance: { id: number; token: string };
let n = 0;

const bal = (userId: number, currency: string) =>
  service(server.built.ctx, 'ledger').balance({ userId, currency, wallet: 'spot' });
const place = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: `mp-${++n}`, symbol: 'BTCUSDT', ...body }, { token });
const change = (body: Record<string, unknown>, token = finance.token, locale?: string) =>
  server.api(
    '/admin/spot/markets/parameters',
    { symbol: 'BTCUSDT', reason: 'fee review', ...body },
    { token, ...(locale ? { locale } : {}) },
  );
const publicBtc = async () =>
  (await server.api('/xb/v1/spot/markets', {})).body.data.find((m: { symbol: string }) => m.symbol === 'BTCUSDT');

const server = serverForSuite({ clock });
beforeAll(async () => {
  finance = await server.createOperator(['finance']);
}, 60_000);

describe('market fees and minimums from the back office', () => {
  it('is finance’s change: other roles are refused and the published terms stay', async () => {
    for (const role of ['support', 'compliance'] as const) {
      const other = await server.createOperator([role]);
      expect((await change({ takerFee: '0.002' }, other.token)).status).toBe(403);
    }
    expect(await publicBtc()).toMatchObject({ makerFee: '0.0008', takerFee: '0.001', minNotional: '5' });
  });

  it('refuses tick size and quantity step, and fees or minimums out of bounds, with a localized message', async () => {
    const tick = await change({ tickSize: '1' }, finance.token, 'zh_cn');
    expect(tick.status).toBe(400);
    expect(tick.body).toMatchObject({ error: 'UNITS_FIXED', field: 'tickSize' });
    expect(tick.body.message).toContain('不能在后台修改');
    expect((await change({ stepSize: '0.001' })).body.error).toBe('UNITS_FIXED');
    for (const body of [{ takerFee: '0.5' }, { makerFee: '0.000000001' }, { minNotional: '0' }, { takerFee: '-1' }])
      expect((await change(body)).status).toBe(400);
    // a change to the values already in force stores and audits nothing
    expect((await change({ takerFee: '0.00100' })).body.data.takerFee).toBe('0.001');
  });

  it('applies to orders placed after the change, never to a resting order, and pays through the ledger', async () => {
    const maker = await server.createUser();
    const taker = await server.createUser();
    await server.fund(maker.id, 'BTC', 100_000_000n);
    await server.fund(taker.id, 'USDT', 100_000_000_000n);
    // resting before the change: it was placed under the configured maker fee
    const resting = await place(maker.token, { side: 'sell', type: 'limit', price: '60000', quantity: '0.1' });
    expect(resting.body.data.status).toBe('new');

    clock.advance(1000);
    const res = await change({ makerFee: '0.0005', takerFee: '0.002', minNotional: '10' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ makerFee: '0.0005', takerFee: '0.002', minNotional: '10' });
    clock.advance(1000);

    // the new minimum holds for a new order
    const small = await place(taker.token, { side: 'buy', type: 'limit', price: '60000', quantity: '0.0001' });
    expect(small.body).toMatchObject({ error: 'MIN_NOTIONAL' });

    const buy = await place(taker.token, { side: 'buy', type: 'limit', price: '60000', quantity: '0.1' });
    expect(buy.body.data.status).toBe('filled');
    const quote = 6_000_000_000n;
    expect(await bal(taker.id, 'USDT')).toEqual({
      available: 100_000_000_000n - quote - feeOf(quote, NEW_TAKER),
      frozen: 0n,
    });
    expect(await bal(maker.id, 'USDT')).toEqual({ available: quote - feeOf(quote, OLD_MAKER), frozen: 0n });

    // a maker placed after the change pays the new maker fee
    const later = await place(maker.token, { side: 'sell', type: 'limit', price: '60000', quantity: '0.1' });
    expect(later.body.data.status).toBe('new');
    await place(taker.token, { side: 'buy', type: 'limit', price: '60000', quantity: '0.1' });
    expect(await bal(maker.id, 'USDT')).toEqual({
      available: 2n * quote - feeOf(quote, OLD_MAKER) - feeOf(quote, NEW_MAKER),
      frozen: 0n,
    });
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('writes the change to the audit log with the operator, old and new values and the reason', async () => {
    const admin = (await server.createOperator(['super_admin'])).token;
    const audit = await server.api(
      '/admin/audit/list',
      { action: 'market.parameters', targetId: 'BTCUSDT' },
      { token: admin },
    );
    const entry = audit.body.data.entries[0];
    expect(entry).toMatchObject({ operatorId: finance.id, targetType: 'spot_market' });
    expect(entry.detail).toEqual({
      before: { makerFee: '0.0008', takerFee: '0.001', minNotional: '5' },
      after: { makerFee: '0.0005', takerFee: '0.002', minNotional: '10' },
      reason: 'fee review',
    });
  });

  it('is what the market list and the bot API publish', async () => {
    expect(await publicBtc()).toMatchObject({ makerFee: '0.0005', takerFee: '0.002', minNotional: '10' });
    const info = (await (await fetch(`${server.url}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json()) as {
      symbols: Array<{ filters: unknown[] }>;
    };
    expect(info.symbols[0]!.filters).toContainEqual(
      expect.objectContaining({ filterType: 'NOTIONAL', minNotional: '10' }),
    );
    // the fee schedule document: content.api.test.ts
  });

  it('holds across a restart', async () => {
    await server.restart();
    expect(await publicBtc()).toMatchObject({ makerFee: '0.0005', takerFee: '0.002', minNotional: '10' });
    const u = await server.createUser();
    await server.fund(u.id, 'USDT', 100_000_000n);
    expect((await place(u.token, { side: 'buy', type: 'limit', price: '1000', quantity: '0.005' })).body).toMatchObject(
      {
        error: 'MIN_NOTIONAL',
      },
    );
    const ok = await place(u.token, { side: 'buy', type: 'limit', price: '1000', quantity: '0.01' });
    // frozen for the larger of the two fees now in force
    expect(await bal(u.id, 'USDT')).toEqual({
      available: 100_000_000n - 10_000_000n - feeOf(10_000_000n, NEW_TAKER),
      frozen: 10_000_000n + feeOf(10_000_000n, NEW_TAKER),
    });
    expect(ok.body.data.status).toBe('new');
  }, 60_000);
});
