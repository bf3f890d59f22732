import { service } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { type TestServer } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { rid, useWalletHarness } from '../wallet/wallet.test-helpers.ts';
import { PriceService } from '../market/price.service.ts';
import { settleDue } from './settlement.job.ts';
import { verificationOf } from './verification.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const clock = new ManualClock(Date.UTC(2026, 2, 1, 12, 0, 0, 250));
let finance: string;
const countries = new Map<number, string>();

const ctx = () => server.built.ctx;
const ledger = () => service(ctx(), 'ledger');
const pool = async () => (await ledger().balance({ system: 'cycle_pool', currency: 'USDT' })).available;
const spot = async (userId: number) => ledger().balance({ userId, currency: 'USDT', wallet: 'spot' });
const settleNow = () => settleDue(service(ctx(), 'cycleSettlement'));
/** Moves the clock second by second, storing a tick each time, then runs the settlement job. */
async function run(seconds: number) {
  for (let i = 0; i < seconds; i += 1) await h.advance(1000);
  await settleNow();
}
function installKyc() {
  h.install();
  const kyc = service(ctx(), 'kyc');
  kyc.countryOf = async (id: number) => countries.get(id) ?? null;
}
async function fundedUser(amount = '10000') {
  const u = await h.user();
  await h.deposit(u.id, 'USDT', 'TRC20', amount);
  return u;
}
const buyBody = (over: Record<string, unknown> = {}) => ({
  requestId: rid('cy'),
  instrument: 'BTCUSDT',
  period: 60,
  direction: 'up',
  stake: '100',
  acceptRisk: true,
  ...over,
});
/** The terms fingerprint the app would send: the current product's (as a quote shows it). */
async function termsOf(instrument: string, period: number): Promise<string> {
  const products = (await server.api('/xb/v1/cycle/products', {})).body.data;
  const p = products.instruments
    .find((i: any) => i.instrument === instrument)
    ?.periods.find((x: any) => x.period === period);
  return p?.terms ?? '0'.repeat(32);
}
/** POST /cycle/buy with the terms of the product as it is now (unless the body brings its own). */
async function buyApi(body: Record<string, any>, opts?: Parameters<TestServer['api']>[2]) {
  const terms = body.terms ?? (await termsOf(body.instrument, body.period));
  return server.api('/xb/v1/cycle/buy', { ...body, terms }, opts);
}
async function fundPool(amount: string) {
  const res = await server.api('/admin/cycle/pool/fund', { amount, memo: 'test capital' }, { token: finance });
  expect(res.status).toBe(200);
}

const server = serverForSuite({ clock });
const h = useWalletHarness(server, clock);
beforeAll(async () => {
  finance = h.finance;
  installKyc();
});

describe('products', () => {
  it('publishes every instrument with its periods, payout, break-even rate and house edge, labelled demo', async () => {
    const res = await server.api('/xb/v1/cycle/products', {});
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.demo).toBe(true);
    expect(d.rules.version).toBe('cycle-rules-v2');
    expect(d.instruments.map((i: any) => i.instrument)).toEqual(
      expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'XAUUSDT', 'XAGUSDT', 'WTIUSDT']),
    );
    const btc60 = d.instruments.find((i: any) => i.instrument === 'BTCUSDT').periods.find((p: any) => p.period === 60);
    expect(btc60).toMatchObject({
      payoutRate: '0.85',
      breakEvenPercent: '54.05',
      houseEdgePercent: '7.50',
      minStake: '100',
      enabled: true,
    });
    expect(
      (await server.api('/xb/v1/cycle/products', {}, { headers: { 'cf-ipcountry': 'GB' } })).body.data.countryBlocked,
    ).toBe(true);
  });
});

describe('buying', () => {
  it('refuses when the pool could not pay the new contract with all open ones (capacity)', async () => {
    const u = await fundedUser();
    const empty = await buyApi(buyBody(), { token: u.token });
    expect(empty.status).toBe(503);
    expect(empty.body.error).toBe('CYCLE_CAPACITY');
    await fundPool('100');
    expect((await buyApi(buyBody(), { token: u.token })).status).toBe(200); // liability 85 ≤ 100
    const second = await buyApi(buyBody({ direction: 'down' }), {
      token: u.token,
      locale: 'de',
    });
    expect(second.status).toBe(503); // 85 + 85 > 100
    expect(second.body.message).toContain('Kontraktpool');
    await fundPool('1000000');
  });

  it('needs the risk disclosure accepted once, checks the stake range, freezes the stake and charges the fee', async () => {
    const u = await fundedUser('1000');
    const noRisk = await buyApi(buyBody({ acceptRisk: undefined }), { token: u.token });
    expect(noRisk.body).toMatchObject({ error: 'CYCLE_RISK_NOT_ACCEPTED', field: 'acceptRisk' });
    const small = await buyApi(buyBody({ stake: '99.99' }), {
      token: u.token,
      locale: 'zh_cn',
    });
    expect(small.body).toMatchObject({
      error: 'CYCLE_STAKE_RANGE',
      field: 'stake',
      message: '金额须在 100 至 50000 USDT 之间',
    });

    const q = await server.api(
      '/xb/v1/cycle/quote',
      { instrument: 'ETHUSDT', period: 30, direction: 'down', stake: '250' },
      { token: u.token },
    );
    expect(q.body.data).toMatchObject({
      fee: '0.25',
      total: '250.25',
      expectedReturn: '450',
      expectedProfit: '200',
      breakEvenPercent: '55.56',
      riskAccepted: false,
      demo: true,
    });

    const body = buyBody({ instrument: 'ETHUSDT', period: 30, direction: 'down', stake: '250' });
    const first = await buyApi(body, { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'open',
      stake: '250',
      fee: '0.25',
      total: '250.25',
      expectedReturn: '450',
      period: 30,
    });
    expect(first.body.data.endAt - first.body.data.committedAt).toBe(30_000);
    const again = await buyApi(body, { token: u.token });
    expect(again.body.data.id).toBe(first.body.data.id); // a retry returns the first result
    expect(await spot(u.id)).toEqual({ available: 1000_000000n - 250_250000n, frozen: 250_000000n });
    // accepted once: later purchases need no flag
    expect((await buyApi(buyBody({ acceptRisk: undefined }), { token: u.token })).status).toBe(200);
  });

  it("refuses a purchase when any term changed after the quote (in the user's language), then sells on the new quote", async () => {
    const u = await fundedUser('1000');
    const ticket = { instrument: 'LTCUSDT', period: 60, direction: 'up', stake: '100' };
    const quote = async () => (await server.api('/xb/v1/cycle/quote', ticket, { token: u.token })).body.data;
    const changes: Array<Record<string, unknown>> = [
      { feeRate: '0.002' }, // the fee (the payout rate is unchanged)
      { payoutRate: '0.8' },
      { minStake: '50' },
      { maxStake: '40000' },
      { exposureLimit: '60000' },
    ];
    for (const change of changes) {
      const seen = await quote();
      expect(seen.terms).toMatch(/^[0-9a-f]{32}$/);
      const op = await server.api(
        '/admin/cycle/products/update',
        { instrument: 'LTCUSDT', period: 60, ...change },
        { token: finance },
      );
      expect(op.status, JSON.stringify(change)).toBe(200);
      const before = await spot(u.id);
      const refused = await buyApi(
        { ...ticket, requestId: rid('cy'), acceptRisk: true, terms: seen.terms, payoutRate: seen.payoutRate },
        { token: u.token, locale: 'de' },
      );
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'CYCLE_TERMS_CHANGED',
        message: 'Die Bedingungen haben sich geändert; bitte prüfen Sie das neue Angebot',
      });
      expect(await spot(u.id)).toEqual(before); // nothing changed
      const fresh = await quote();
      expect(fresh.terms).not.toBe(seen.terms);
      const ok = await buyApi(
        { ...ticket, requestId: rid('cy'), acceptRisk: true, terms: fresh.terms },
        { token: u.token },
      );
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.fee).toBe(fresh.fee);
    }
    // a purchase must say which terms it agrees to
    const bare = await server.api(
      '/xb/v1/cycle/buy',
      { ...ticket, requestId: rid('cy'), acceptRisk: true },
      { token: u.token },
    );
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('terms');
  });

  it('refuses a purchase beyond the per-user open exposure limit', async () => {
    const op = await server.api(
      '/admin/cycle/products/update',
      { instrument: 'SOLUSDT', period: 120, exposureLimit: '300', maxStake: '200' },
      { token: finance },
    );
    expect(op.status).toBe(200);
    const u = await fundedUser();
    expect(
      (
        await buyApi(buyBody({ instrument: 'SOLUSDT', period: 120, stake: '200' }), {
          token: u.token,
        })
      ).status,
    ).toBe(200);
    const over = await buyApi(buyBody({ instrument: 'SOLUSDT', period: 120, stake: '150' }), {
      token: u.token,
    });
    expect(over.body).toMatchObject({ error: 'CYCLE_EXPOSURE_LIMIT' });
  });

  it('honours switched-off countries (verified country and request header), instruments and periods', async () => {
    const u = await fundedUser();
    const fromHeader = await buyApi(buyBody(), {
      token: u.token,
      headers: { 'x-country': 'fr' },
    });
    expect(fromHeader.status).toBe(403);
    expect(fromHeader.body.error).toBe('CYCLE_COUNTRY_BLOCKED');
    countries.set(u.id, 'US');
    expect((await buyApi(buyBody(), { token: u.token, headers: { 'cf-ipcountry': 'SG' } })).body.error).toBe(
      'CYCLE_COUNTRY_BLOCKED',
    );
    countries.set(u.id, 'SG');
    expect((await buyApi(buyBody(), { token: u.token, headers: { 'cf-ipcountry': 'SG' } })).status).toBe(200);

    // the operator switches a country, an instrument and a period; each change is audited
    const sw = (scope: string, key: string, enabled: boolean) =>
      server.api('/admin/cycle/switch', { scope, key, enabled }, { token: finance });
    expect((await sw('country', 'SG', false)).status).toBe(200);
    expect((await buyApi(buyBody(), { token: u.token })).body.error).toBe('CYCLE_COUNTRY_BLOCKED');
    await sw('country', 'SG', true);
    await sw('instrument', 'XAUUSDT', false);
    expect((await buyApi(buyBody({ instrument: 'XAUUSDT' }), { token: u.token })).body.error).toBe(
      'CYCLE_PRODUCT_UNAVAILABLE',
    );
    await sw('instrument', 'XAUUSDT', true);
    await sw('period', '300', false);
    expect((await buyApi(buyBody({ period: 300 }), { token: u.token })).body.error).toBe('CYCLE_PRODUCT_UNAVAILABLE');
    await sw('period', '300', true);
    expect((await buyApi(buyBody({ instrument: 'XAUUSDT', period: 300 }), { token: u.token })).status).toBe(200);
    const audit = await ctx().db.execute(sql`select count(*)::int as n from audit_log where action = 'cycle.switch'`);
    expect((audit as any).rows[0].n).toBe(6);
    // a support operator cannot change anything
    const support = await server.createOperator(['support']);
    expect(
      (
        await server.api(
          '/admin/cycle/switch',
          { scope: 'country', key: 'SG', enabled: false },
          { token: support.token },
        )
      ).status,
    ).toBe(403);
  });
});

describe('settlement', () => {
  it('settles up and down bought together on the stored ticks: one wins from the pool, the other loses to it', async () => {
    clock.advance(400_000); // everything bought above has ended
    await run(1);
    const a = await fundedUser('1000');
    const b = await fundedUser('1000');
    const up = await buyApi(buyBody({ instrument: 'WTIUSDT', direction: 'up' }), {
      token: a.token,
    });
    const down = await buyApi(buyBody({ instrument: 'WTIUSDT', direction: 'down' }), {
      token: b.token,
    });
    expect(up.status).toBe(200);
    const poolBefore = await pool();

    await run(30);
    const open = await server.api('/xb/v1/cycle/orders', { status: 'open' }, { token: a.token });
    expect(open.body.data.list).toHaveLength(1);
    expect(open.body.data.list[0].buyPrice).not.toBeNull(); // the entry tick is known as soon as it is stored
    expect(open.body.data.list[0].endAt - open.body.data.now).toBe(up.body.data.endAt - clock.now());
    await run(31);

    const [ra, rb] = await Promise.all([
      server.api('/xb/v1/cycle/order', { id: up.body.data.id }, { token: a.token }),
      server.api('/xb/v1/cycle/order', { id: down.body.data.id }, { token: b.token }),
    ]);
    for (const r of [ra, rb]) {
      expect(r.body.data.matches).toBe(true);
      expect(r.body.data.contractStart.some((t: any) => t.flag === 'entry' && t.sources.simulated === t.price)).toBe(
        true,
      );
      expect(r.body.data.contractEnd.some((t: any) => t.flag === 'exit')).toBe(true);
    }
    const A = ra.body.data;
    expect(A.buyPrice).toBe(rb.body.data.buyPrice);
    expect(A.buyPriceTs).toBeGreaterThan(A.committedAt);
    expect(A.closePriceTs).toBeLessThanOrEqual(A.endAt);
    // recompute by hand from the PUBLIC tick call
    const pub = await server.api('/xb/v1/market/ticks', A.publicTicks.body);
    const inside = pub.body.data.ticks.filter((t: any) => t.ts > A.committedAt && t.ts <= A.endAt);
    expect(inside[0]).toMatchObject({ ts: A.buyPriceTs, price: A.buyPrice });
    expect(inside.at(-1)).toMatchObject({ ts: A.closePriceTs, price: A.closePrice });

    const move = Number(A.closePrice) - Number(A.buyPrice); // only to pick which assertion applies
    if (move === 0) {
      expect([A.status, rb.body.data.status]).toEqual(['refunded', 'refunded']);
    } else {
      const [winner, loser] = move > 0 ? [a, b] : [b, a];
      expect((move > 0 ? A : rb.body.data).status).toBe('won');
      expect(await spot(winner.id)).toEqual({ available: 1000_000000n - 100_100000n + 185_000000n, frozen: 0n });
      expect(await spot(loser.id)).toEqual({ available: 1000_000000n - 100_100000n, frozen: 0n });
      expect(await pool()).toBe(poolBefore - 85_000000n + 100_000000n);
    }
    const history = await server.api('/xb/v1/cycle/orders', { status: 'history' }, { token: a.token });
    expect(history.body.data.list[0]).toMatchObject({ id: A.id, fee: '0.1', total: '100.1', expectedReturn: '185' });
    // another user's contract is not visible
    expect((await server.api('/xb/v1/cycle/order', { id: A.id }, { token: b.token })).status).toBe(404);
  });

  it('never changes a contract twice, and never changes its terms', async () => {
    const [row] = ((await ctx().db.execute(sql`select id from cycle_contracts where status <> 'open' limit 1`)) as any)
      .rows;
    await expect(
      ctx().db.execute(sql`update cycle_contracts set status = 'won' where id = ${row.id}`),
    ).rejects.toThrow();
    const u = await fundedUser();
    const c = await buyApi(buyBody(), { token: u.token });
    await expect(
      ctx().db.execute(
        sql`update cycle_contracts set end_at = end_at + interval '1 minute' where id = ${c.body.data.id}`,
      ),
    ).rejects.toThrow();
    await expect(ctx().db.execute(sql`delete from cycle_contracts where id = ${c.body.data.id}`)).rejects.toThrow();
    await run(75);
    expect(await settleNow()).toBe(0);
  });

  it('after a restart, settles contracts that ended while the server was down (or refunds them when ticks are missing)', async () => {
    const u = await fundedUser();
    const withTicks = await buyApi(buyBody({ instrument: 'ETHUSDT' }), { token: u.token });
    await run(5); // entry and a few ticks are stored
    const noTicks = await buyApi(buyBody({ instrument: 'XAGUSDT', period: 30 }), {
      token: u.token,
    });
    // the process stops, and comes back two minutes later: both contracts ended while it was down
    const built = server.built;
    const close = built.close.bind(built);
    built.close = async () => {
      await close();
      clock.advance(120_000);
    };
    await server.restart();
    installKyc();
    const one = (await server.api('/xb/v1/cycle/order', { id: withTicks.body.data.id }, { token: u.token })).body.data;
    const two = (await server.api('/xb/v1/cycle/order', { id: noTicks.body.data.id }, { token: u.token })).body.data;
    expect(one.status).not.toBe('open');
    expect(one.matches).toBe(true);
    expect(one.closePriceTs).toBeLessThanOrEqual(withTicks.body.data.committedAt + 5_000);
    expect(two).toMatchObject({ status: 'refunded', refundReason: 'no_ticks', credit: '100', matches: true });
    expect(await settleNow()).toBe(0); // exactly once
    const check = await ledgerCheck(ctx().db);
    expect(check.ok).toBe(true);
  });

  it('detects a stored result that the stored ticks do not give (what cycle:verify reports as MISMATCH)', async () => {
    const [row] = (
      (await ctx().db.execute(
        sql`select id, user_id, status from cycle_contracts where status in ('won', 'lost') limit 1`,
      )) as any
    ).rows;
    const forged = row.status === 'won' ? 'lost' : 'won';
    // only a database owner bypassing the guard trigger could do this; the check must still catch it
    await ctx().db.execute(sql`alter table cycle_contracts disable trigger cycle_contracts_guard`);
    await ctx().db.execute(
      sql`update cycle_contracts set status = ${forged}, credit = case when ${forged} = 'won' then payout else 0 end where id = ${row.id}`,
    );
    await ctx().db.execute(sql`alter table cycle_contracts enable trigger cycle_contracts_guard`);
    const v = await verificationOf(ctx().db, service(ctx(), 'prices'), Number(row.id));
    expect(v?.matches).toBe(false);
    expect(v?.recomputed.outcome).toBe(row.status);
  });

  it('a slow price source cannot be beaten by the grace path: no closing tick, a refund that verification confirms', async () => {
    await run(1);
    const u = await fundedUser('1000');
    const bought = await buyApi(buyBody({ instrument: 'BNBUSDT', period: 30 }), { token: u.token });
    expect(bought.status).toBe(200);
    const c = bought.body.data;
    await run(29); // ticks up to just before the end
    expect(clock.now()).toBeLessThan(c.endAt);
    // a venue that answers only when told to
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const slow = new PriceService(
      ctx().db,
      clock,
      {
        kind: 'live',
        quote: async (symbols) => {
          await gate;
          return symbols
            .filter((s) => s === 'BNBUSDT')
            .map((symbol) => ({ symbol, price: '640', sources: { slow: '640' } }));
        },
      },
      15_000,
    );
    const asked = clock.now();
    const pending = slow.tick(); // asked before the end …
    clock.advance(20_000); // … and still unanswered when the grace period is over
    expect(await settleNow()).toBeGreaterThanOrEqual(1);
    const settled = (await server.api('/xb/v1/cycle/order', { id: c.id }, { token: u.token })).body.data;
    expect(settled).toMatchObject({ status: 'refunded', refundReason: 'no_close_tick', credit: '100', matches: true });
    expect(settled.ledger).toMatchObject({ paid: '100', expected: '100', matches: true });
    answer();
    expect(await pending).toBeGreaterThan(0);
    // the late answer is stamped when it was observed (after the end), never for the second it was asked
    const late = (await slow.ticks('BNBUSDT', asked, clock.now(), 1000)).at(-1);
    expect(late?.ts).toBe(clock.now());
    expect(late!.ts).toBeGreaterThan(asked);
    const again = await verificationOf(ctx().db, service(ctx(), 'prices'), c.id);
    expect(again?.matches).toBe(true);
    // and the contract is judged by the rule it was sold under: under v1 the same ticks would have decided it
    await ctx().db.execute(sql`alter table cycle_contracts disable trigger cycle_contracts_guard`);
    await ctx().db.execute(sql`update cycle_contracts set rule_version = 'cycle-rules-v1' where id = ${c.id}`);
    await ctx().db.execute(sql`alter table cycle_contracts enable trigger cycle_contracts_guard`);
    const v1 = await verificationOf(ctx().db, service(ctx(), 'prices'), c.id);
    expect(v1?.rules.version).toBe('cycle-rules-v1');
    expect(v1?.recomputed.refundReason).not.toBe('no_close_tick');
  });

  it('detects a settlement whose journal entry does not pay what the result says', async () => {
    const [row] = (
      (await ctx().db.execute(
        sql`select id, buy_transaction_id from cycle_contracts where status = 'refunded' and rule_version = 'cycle-rules-v2' limit 1`,
      )) as any
    ).rows;
    const before = await verificationOf(ctx().db, service(ctx(), 'prices'), Number(row.id));
    expect(before?.matches).toBe(true);
    // the stored result is left as it is; only the posting it points at is another one (the purchase)
    await ctx().db.execute(sql`alter table cycle_contracts disable trigger cycle_contracts_guard`);
    await ctx().db.execute(
      sql`update cycle_contracts set settle_transaction_id = ${row.buy_transaction_id} where id = ${row.id}`,
    );
    await ctx().db.execute(sql`alter table cycle_contracts enable trigger cycle_contracts_guard`);
    const v = await verificationOf(ctx().db, service(ctx(), 'prices'), Number(row.id));
    expect(v?.matches).toBe(false);
    expect(v?.ledger?.matches).toBe(false);
  });

  it('reports exposure to the operator', async () => {
    const res = await server.api('/admin/cycle/exposure', {}, { token: finance });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'USDT', openLiability: '0' });
    expect(res.body.data.settled.length).toBeGreaterThan(0);
  });
});
