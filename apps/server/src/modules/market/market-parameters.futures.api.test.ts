import { beforeAll, describe, expect, it } from 'vitest';
import { parseFixed, parseRate, USDT_SCALE } from '@tidemark/futures-math';
import { ManualClock } from '../../platform/clock.ts';
import { feeFigures } from '../content/documents/fee-schedule.figures.ts';
import { contractOf } from '../futures/domain/contracts.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { FEES } from '../futures/settle-fill.ts';
import { serverForSuite } from '../../testing/test-server.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

// Expected fees are computed here from the rates (notional × rate, exact at these sizes), not by the server's code.
const units = (x: string) => parseFixed(x, USDT_SCALE);
const fee = (notional: string, rate: string) => (units(notional) * parseRate(rate)) / 100_000_000n;
const OLD_MAKER = '0.0002';
const NEW_MAKER = '0.0001';
const NEW_TAKER = '0.002';
const BTC = 'BTCUSDT';

let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let finance: { id: number; token: string };
let n = 0;

type U = { id: number; token: string };
async function user(usdt: string): Promise<U> {
  const u = await server.createUser();
  await h.fund(u.id, usdt);
  return u;
}
const place = (u: U, body: Record<string, unknown>) =>
  server.api('/xb/v1/futures/order/place', { clientOrderId: `fp-${++n}`, symbol: BTC, ...body }, { token: u.token });
const change = (body: Record<string, unknown>, token = finance.token, locale?: string) =>
  server.api(
    '/admin/futures/markets/parameters',
    { symbol: BTC, reason: 'futures fee review', ...body },
    { token, ...(locale ? { locale } : {}) },
  );
const publicBtc = async () =>
  (await server.api('/xb/v1/futures/contracts', {})).body.data.find((c: { symbol: string }) => c.symbol === BTC);
const feeAccount = async () => (await h.ledger().balance(FEES)).available;
const spent = async (u: U, funded: string) => {
  const w = await h.wallet(u.id);
  return units(funded) - w.available - w.frozen;
};
const marginOf = async (u: U) =>
  units(
    (await server.api('/xb/v1/futures/positions', { symbol: BTC }, { token: u.token })).body.data[0].margin as string,
  );

const server = serverForSuite({ clock });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await h.setIndex(BTC, '100000');
  finance = await server.createOperator(['finance']);
}, 60_000);

describe('futures contract fees and minimums from the back office', () => {
  it('is finance’s change: other roles are refused and the published terms stay', async () => {
    for (const role of ['support', 'compliance'] as const) {
      const other = await server.createOperator([role]);
      expect((await change({ takerFee: NEW_TAKER }, other.token)).status).toBe(403);
    }
    expect(await publicBtc()).toMatchObject({ makerFee: OLD_MAKER, takerFee: '0.0005', minNotional: '5' });
  });

  it('refuses tick size, quantity step, an unknown contract and fees out of bounds, with a localized message', async () => {
    const tick = await change({ tickSize: '1' }, finance.token, 'zh_cn');
    expect(tick.status).toBe(400);
    expect(tick.body).toMatchObject({ error: 'UNITS_FIXED', field: 'tickSize' });
    expect(tick.body.message).toContain('不能在后台修改');
    expect((await change({ stepSize: '0.001' })).body.error).toBe('UNITS_FIXED');
    expect((await change({ symbol: 'NOPEUSDT', takerFee: '0.001' })).body.error).toBe('UNKNOWN_SYMBOL');
    for (const body of [{ takerFee: '0.5' }, { makerFee: '0.000000001' }, { minNotional: '0' }])
      expect((await change(body)).status).toBe(400);
  });

  it('applies to orders placed after the change, a resting maker keeping its rate, paid through the ledger', async () => {
    const maker = await user('100000');
    const taker = await user('100000');
    // resting before the change: placed under the configured maker fee
    const resting = await place(maker, { side: 'sell', type: 'limit', price: '100000', quantity: '0.1' });
    expect(resting.body.data.status).toBe('new');

    clock.advance(1000);
    const res = await change({ makerFee: NEW_MAKER, takerFee: NEW_TAKER, minNotional: '200' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ makerFee: NEW_MAKER, takerFee: NEW_TAKER, minNotional: '200' });
    clock.advance(1000);

    // the new minimum notional holds for a new order (100 USDT < 200)
    const small = await place(taker, { side: 'buy', type: 'limit', price: '100000', quantity: '0.001' });
    expect(small.body).toMatchObject({ error: 'BELOW_MIN_NOTIONAL' });

    const fees0 = await feeAccount();
    const buy = await place(taker, { side: 'buy', type: 'market', quantity: '0.1' });
    expect(buy.body.data).toMatchObject({ status: 'filled', averagePrice: '100000' });
    // 10,000 USDT notional: the taker pays the new taker rate, the resting maker the rate it was placed under
    expect((await feeAccount()) - fees0).toBe(fee('10000', NEW_TAKER) + fee('10000', OLD_MAKER));
    expect(await spent(taker, '100000')).toBe((await marginOf(taker)) + fee('10000', NEW_TAKER));
    expect(await spent(maker, '100000')).toBe((await marginOf(maker)) + fee('10000', OLD_MAKER));

    // a maker placed after the change pays the new maker rate
    const maker2 = await user('100000');
    const taker2 = await user('100000');
    expect(
      (await place(maker2, { side: 'sell', type: 'limit', price: '100000', quantity: '0.1' })).body.data.status,
    ).toBe('new');
    const fees1 = await feeAccount();
    expect((await place(taker2, { side: 'buy', type: 'market', quantity: '0.1' })).body.data.status).toBe('filled');
    expect((await feeAccount()) - fees1).toBe(fee('10000', NEW_TAKER) + fee('10000', NEW_MAKER));
    expect(await spent(maker2, '100000')).toBe((await marginOf(maker2)) + fee('10000', NEW_MAKER));

    const c = await h.check();
    expect(c.problems).toEqual([]);
    expect(c.clearing).toBe(c.expectedClearing);
  });

  it('writes the change to the audit log with the operator, old and new values and the reason', async () => {
    const admin = (await server.createOperator(['super_admin'])).token;
    const audit = await server.api(
      '/admin/audit/list',
      { action: 'market.parameters', targetId: BTC },
      { token: admin },
    );
    const entry = audit.body.data.entries.find((e: { targetType: string }) => e.targetType === 'futures_market');
    expect(entry).toMatchObject({ operatorId: finance.id, targetType: 'futures_market', targetId: BTC });
    expect(entry.detail).toEqual({
      before: { makerFee: OLD_MAKER, takerFee: '0.0005', minNotional: '5' },
      after: { makerFee: NEW_MAKER, takerFee: NEW_TAKER, minNotional: '200' },
      reason: 'futures fee review',
    });
  });

  it('is what the contract list, the console, the bot API and the fee schedule publish', async () => {
    expect(await publicBtc()).toMatchObject({ makerFee: NEW_MAKER, takerFee: NEW_TAKER, minNotional: '200' });
    const console = await server.api('/admin/futures/markets', {}, { token: finance.token });
    expect(JSON.stringify(console.body.data)).toContain('"minNotional":"200"');
    const info = (await (await fetch(`${server.url}/api/fapi/v1/exchangeInfo`)).json()) as {
      symbols: Array<{ symbol: string; filters: unknown[] }>;
    };
    expect(info.symbols.find((s) => s.symbol === BTC)!.filters).toContainEqual(
      expect.objectContaining({ filterType: 'MIN_NOTIONAL', notional: '200' }),
    );
    const f = feeFigures().futures;
    expect(f).toMatchObject({ makerRate: OLD_MAKER, takerRate: '0.0005' });
    expect(f.contracts).toEqual([{ symbol: BTC, makerRate: NEW_MAKER, takerRate: NEW_TAKER }]);
    // the fee schedule document as served: content.api.test.ts
  });

  it('holds across a restart, replayed from the stored changes', async () => {
    // forget the values in memory: after the restart they can only come from the database
    const c = contractOf(BTC)!;
    c.makerFee = parseRate(OLD_MAKER);
    c.takerFee = parseRate('0.0005');
    c.minNotional = units('5');
    await server.restart();
    h = await futuresHarness(server, clock);
    await h.setIndex(BTC, '100000');
    expect(await publicBtc()).toMatchObject({ makerFee: NEW_MAKER, takerFee: NEW_TAKER, minNotional: '200' });
    const u = await user('10000');
    expect((await place(u, { side: 'buy', type: 'limit', price: '99000', quantity: '0.002' })).body).toMatchObject({
      error: 'BELOW_MIN_NOTIONAL',
    });
    expect((await place(u, { side: 'buy', type: 'limit', price: '99000', quantity: '0.003' })).body.data.status).toBe(
      'new',
    );
  }, 60_000);
});
