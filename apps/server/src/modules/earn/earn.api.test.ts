import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { auditLog } from '../operator/operator.schema.ts';
import { FUND_PASSWORD, rid } from '../wallet/wallet.test-helpers.ts';
import { DAY_MS } from './earn-math.ts';
import { earnAccruals } from './earn.schema.ts';
import { earnHarness } from './earn.test-helpers.ts';
import { serverForSuite } from '../../testing/test-server.ts';

// the tests run the accrual job themselves; the background timer must not race them
process.env.EARN_JOB_MS = '3600000';

let h: ReturnType<typeof earnHarness>;
// noon UTC: the subscription day is 2026-06-01, its first earning day 2026-06-02
const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

const server = serverForSuite({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  h = earnHarness(server, clock);
  await h.init();
});

const ok = async () => expect(await h.ledgerOk()).toEqual([]);
const sub = (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api(
    '/xb/v1/earn/subscribe',
    { requestId: rid('s'), wallet: 'spot', fundPassword: FUND_PASSWORD, ...body },
    { token, ...(locale ? { locale } : {}) },
  );

async function fundedUser(amount = '5000', currency = 'USDT', chain = 'TRC20') {
  const u = await h.user();
  await h.init(); // a fresh operator session: the clock jumps weeks between tests
  await h.deposit(u.id, currency, chain, amount);
  return u;
}

describe('plans and preview', () => {
  it('publishes the seeded plans with rate, period, limits, capacity and the source of the yield', async () => {
    const res = await server.api('/xb/v1/earn/plans', {}, { locale: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((p: any) => `${p.currency}-${p.lockDays}`)).toEqual(['USDT-7', 'USDT-30', 'BTC-15']);
    const p7 = res.body.data.items[0];
    expect(p7.endTime).toBe(Date.UTC(2026, 5, 8));
    expect(p7).toMatchObject({
      dailyRate: '0.0005',
      rateRule: 'fixed',
      minAmount: '10',
      maxAmount: '50000',
      capacity: '2000000',
      remaining: '2000000',
      penaltyRate: '0.01',
      graceMinutes: 60,
      accepting: true,
    });
    expect(p7.yieldSource).toMatch(/Staking-Zinskonto/);
    const p30 = res.body.data.items[1];
    // a range: new subscriptions get the current rate, which starts at the minimum of the range
    expect(p30).toMatchObject({ rateRule: 'range', rateMin: '0.0008', rateMax: '0.0012', dailyRate: '0.0008' });
    const one = await server.api('/xb/v1/earn/plan', { id: p7.id });
    expect(one.body.data.id).toBe(p7.id);
    expect((await server.api('/xb/v1/earn/plan', { id: 99999 })).status).toBe(404);
  });

  it('previews the expected earnings and the early-redemption penalty exactly', async () => {
    const p7 = await h.plan('USDT', 7);
    const res = await server.api('/xb/v1/earn/preview', { planId: p7.id, amount: '1000.5' });
    expect(res.status).toBe(200);
    // 1000.5 × 0.0005 = 0.50025 a day; 7 days → 3.50175; penalty 1 % of principal = 10.005
    expect(res.body.data).toMatchObject({
      dailyEarnings: '0.50025',
      expectedEarnings: '3.50175',
      earlyPenalty: '10.005',
      earlyReceive: '990.495',
      lockDays: 7,
    });
    expect(res.body.data.endTime).toBe(Date.UTC(2026, 5, 8));
    const zero = await server.api('/xb/v1/earn/preview', { planId: p7.id, amount: '0' });
    expect(zero.status).toBe(400);
  });
});

describe('subscription refusals', () => {
  it('refuses every bad subscription with a localized message and changes nothing', async () => {
    const u = await fundedUser('100');
    const p7 = await h.plan('USDT', 7);
    let res = await sub(u.token, { planId: p7.id, amount: '0' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Amount must be greater than zero');
    res = await sub(u.token, { planId: p7.id, amount: '1.0000001' });
    expect(res.body.message).toBe('Amount can have at most 6 decimal places');
    res = await sub(u.token, { planId: p7.id, amount: '9.99' }, 'fr');
    expect(res.body).toMatchObject({
      code: 400,
      error: 'BELOW_MINIMUM',
      message: 'Le montant minimum de cette offre est de 10 USDT',
    });
    res = await sub(u.token, { planId: p7.id, amount: '50000.01' });
    expect(res.body).toMatchObject({
      error: 'ABOVE_MAXIMUM',
      message: 'The maximum amount for this plan is 50000 USDT',
    });
    res = await sub(u.token, { planId: p7.id, amount: '100.01' });
    expect(res.body).toMatchObject({
      code: 400,
      error: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient available balance',
    });
    res = await sub(u.token, { planId: p7.id, amount: '50', wallet: 'earn' });
    expect(res.body.error).toBe('INSUFFICIENT_BALANCE');
    res = await sub(u.token, { planId: p7.id, amount: '50', fundPassword: 'wrong-one' });
    expect(res.body).toMatchObject({ error: 'FUND_PASSWORD_WRONG', field: 'fundPassword' });
    res = await sub(u.token, { planId: p7.id, amount: '50', wallet: 'futures' });
    expect(res.status).toBe(400);
    res = await sub(u.token, { planId: 99999, amount: '50' });
    expect(res.status).toBe(404);
    res = await server.api('/xb/v1/earn/subscribe', {
      requestId: rid(),
      planId: p7.id,
      amount: '50',
      wallet: 'spot',
      fundPassword: FUND_PASSWORD,
    });
    expect(res.status).toBe(401);
    const noPassword = await h.user({ fundPassword: false });
    res = await sub(noPassword.token, { planId: p7.id, amount: '50' });
    expect(res.body.error).toBe('FUND_PASSWORD_NOT_SET');

    expect(await h.holding(u.token, 'spot', 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    expect((await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.total).toBe(0);
    await ok();
  });

  it('refuses a closed plan, a full plan and a plan its interest account cannot cover', async () => {
    const finance = await server.createOperator(['finance']);
    const create = (body: Record<string, unknown>) =>
      server.api(
        '/admin/earn/plans/create',
        {
          lockDays: 10,
          rateMin: '0.001',
          rateMax: '0.001',
          minAmount: '1',
          maxAmount: '100',
          capacity: '150',
          penaltyRate: '0.05',
          graceMinutes: 30,
          ...body,
        },
        { token: finance.token },
      );
    const small = (await create({ currency: 'USDT' })).body.data;
    const u = await fundedUser('1000');
    expect((await sub(u.token, { planId: small.id, amount: '100' })).status).toBe(200);
    let res = await sub(u.token, { planId: small.id, amount: '60' });
    expect(res.body).toMatchObject({ error: 'CAPACITY_FULL', message: 'This plan has only 50 USDT of capacity left' });
    expect((await h.plan('USDT', 10)).remaining).toBe('50');

    await server.api('/admin/earn/plans/update', { id: small.id, status: 'closed' }, { token: finance.token });
    res = await sub(u.token, { planId: small.id, amount: '10' });
    expect(res.body).toMatchObject({ error: 'PLAN_CLOSED', message: 'This plan is not accepting subscriptions' });

    // ETH has no staking-interest capital: nothing can be promised
    const eth = (await create({ currency: 'ETH', minAmount: '0.01', maxAmount: '10', capacity: '100' })).body.data;
    expect(eth).toMatchObject({ covered: false, accepting: false });
    const e = await fundedUser('5', 'ETH', 'ERC20');
    res = await sub(e.token, { planId: eth.id, amount: '1' }, 'zh_cn');
    expect(res.body).toMatchObject({
      code: 409,
      error: 'EARN_NOT_COVERED',
      message: '此方案已暂停：利息账户目前不足以支付更多认购的收益',
    });

    // the operator funds the account through the wallet's two-operator adjustment (platform capital)
    const second = await server.createOperator(['finance']);
    const proposal = await server.api(
      '/admin/wallet/adjustments/propose',
      { system: 'staking_interest', currency: 'ETH', amount: '0.1', reason: 'fund ETH staking interest' },
      { token: finance.token },
    );
    expect(proposal.status).toBe(200);
    expect(
      (await server.api('/admin/wallet/adjustments/approve', { id: proposal.body.data.id }, { token: second.token }))
        .status,
    ).toBe(200);
    // 0.1 ETH covers 1 ETH × 0.001 × 10 days = 0.01 ten times over; 2 ETH (0.02) also fits
    res = await sub(e.token, { planId: eth.id, amount: '2' });
    expect(res.status).toBe(200);
    const cov = await server.api('/admin/earn/coverage', {}, { token: finance.token });
    expect(cov.body.data.items.find((c: any) => c.currency === 'ETH')).toEqual({
      currency: 'ETH',
      balance: '0.1',
      promised: '0.02',
      free: '0.08',
    });
    // 9 ETH would need 0.09 more than the 0.08 still free
    const e2 = await fundedUser('10', 'ETH', 'ERC20');
    res = await sub(e2.token, { planId: eth.id, amount: '9' });
    expect(res.body.error).toBe('EARN_NOT_COVERED');
    await ok();
  });
});

describe('subscribe, accrue, mature', () => {
  it('locks the principal once per requestId, pays each UTC day once, catches up after an outage and releases at maturity', async () => {
    const u = await fundedUser('2000');
    const p7 = await h.plan('USDT', 7);
    const body = { requestId: rid('lock'), planId: p7.id, amount: '1000', wallet: 'spot', fundPassword: FUND_PASSWORD };
    const [a, b] = await Promise.all([
      server.api('/xb/v1/earn/subscribe', body, { token: u.token }),
      server.api('/xb/v1/earn/subscribe', body, { token: u.token }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect((await server.api('/xb/v1/earn/subscribe', { ...body, amount: '20' }, { token: u.token })).status).toBe(409);
    const order = a.body.data;
    expect(order).toMatchObject({
      amount: '1000',
      earnings: '0',
      expectedEarnings: '3.5',
      dailyRate: '0.0005',
      dailyEarnings: '0.5',
      state: 'active',
      canRevoke: true,
    });
    expect(order.startTime).toBe(clock.now());
    expect(order.endTime).toBe(Date.UTC(2026, 5, 8));
    expect(await h.holding(u.token, 'spot', 'USDT')).toMatchObject({ available: '1000' });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ available: '0', frozen: '1000' });

    // same day: nothing due
    expect((await h.accrue()).paid).toBe(0);
    // next UTC day: paid once, however often the job runs
    clock.set(Date.UTC(2026, 5, 2, 0, 0, 1));
    await h.accrue();
    await h.accrue();
    let o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({ earnings: '0.5', daysPaid: 1 });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ frozen: '1000.5' });

    // a two-day outage, then a restart: days 2 and 3 are paid once each
    clock.set(Date.UTC(2026, 5, 4, 9));
    await server.restart();
    h.install();
    await h.accrue();
    await h.accrue();
    o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({ earnings: '1.5', daysPaid: 3 });
    const days = await server.built.ctx.db.select().from(earnAccruals).where(eq(earnAccruals.orderId, order.id));
    expect(days.map((d) => d.day).sort()).toEqual([1, 2, 3].map((i) => Date.UTC(2026, 5, 1) / DAY_MS + i));
    expect(days.every((d) => d.amount === 500_000n)).toBe(true);
    await ok();

    // maturity: the rest of the days, then principal + earnings released to the earn wallet
    clock.set(Date.UTC(2026, 5, 8, 0, 0, 5));
    // (the job pays every user's orders; this file has others running too)
    expect((await h.accrue()).failed).toBe(0);
    expect((await h.accrue()).paid).toBe(0);
    o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({
      state: 'matured',
      earnings: '3.5',
      daysPaid: 7,
      earlyRedemption: null,
      canRedeem: false,
    });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ available: '1003.5', frozen: '0' });
    // recomputed from the plan and the dates: 7 days × floor(1000 × 0.0005), one row a day, in the ledger
    const paid = await server.built.ctx.db.select().from(earnAccruals).where(eq(earnAccruals.orderId, order.id));
    expect(paid.map((d) => d.day - Date.UTC(2026, 5, 1) / DAY_MS).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paid.reduce((sum, d) => sum + d.amount, 0n)).toBe(3_500_000n);
    expect(paid.every((d) => d.ledgerTransactionId !== null)).toBe(true);
    await ok();
  });
});

describe('redeem early and revoke', () => {
  it('redeems early with the penalty that was previewed, once', async () => {
    clock.set(Date.UTC(2026, 6, 1, 12));
    const u = await fundedUser('1000');
    const p7 = await h.plan('USDT', 7);
    const pre = (await server.api('/xb/v1/earn/preview', { planId: p7.id, amount: '800' })).body.data;
    expect(pre.earlyPenalty).toBe('8');
    const order = (await sub(u.token, { planId: p7.id, amount: '800' })).body.data;
    clock.set(Date.UTC(2026, 6, 3, 8));
    await h.accrue();
    const staking = await h.staking('USDT');
    let o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({ earnings: '0.8', canRevoke: false, canRedeem: true });
    expect(o.earlyRedemption).toEqual({
      penalty: '8.8',
      principalPenalty: '8',
      forfeitedEarnings: '0.8',
      receive: '792',
    });

    const body = { requestId: rid('redeem'), orderId: order.id };
    const other = await h.user();
    expect(
      (await server.api('/xb/v1/earn/redeem', { requestId: rid(), orderId: order.id }, { token: other.token })).status,
    ).toBe(404);
    const res = await server.api('/xb/v1/earn/redeem', body, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'redeemed', penalty: '8.8' });
    expect((await server.api('/xb/v1/earn/redeem', body, { token: u.token })).body.data).toEqual(res.body.data);
    const again = await server.api('/xb/v1/earn/redeem', { requestId: rid(), orderId: order.id }, { token: u.token });
    expect(again.body).toMatchObject({ error: 'WRONG_STATE', message: 'This order is already closed' });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ available: '792', frozen: '0' });
    expect(await h.holding(u.token, 'spot', 'USDT')).toMatchObject({ available: '200' });
    // the penalty and the forfeited earnings go back to the interest account
    expect((await h.staking('USDT')) - staking).toBe(8_800_000n);
    // a closed order earns nothing more
    clock.set(Date.UTC(2026, 6, 5, 8));
    await h.accrue();
    o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o.earnings).toBe('0.8');
    await ok();
  });

  it('revokes within the grace period to the source wallet, and not after it', async () => {
    clock.set(Date.UTC(2026, 7, 1, 23, 30));
    const u = await fundedUser('500');
    const p7 = await h.plan('USDT', 7);
    const first = (await sub(u.token, { planId: p7.id, amount: '100' })).body.data;
    // midnight passes inside the grace hour: the day's yield is paid, and given back on revoke
    clock.set(Date.UTC(2026, 7, 2, 0, 10));
    await h.accrue();
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ frozen: '100.05' });
    const res = await server.api('/xb/v1/earn/revoke', { requestId: rid('rv'), orderId: first.id }, { token: u.token });
    expect(res.body.data).toMatchObject({ state: 'revoked', penalty: null });
    expect(await h.holding(u.token, 'spot', 'USDT')).toMatchObject({ available: '500' });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ available: '0', frozen: '0' });

    const second = (await sub(u.token, { planId: p7.id, amount: '100' })).body.data;
    clock.advance(60 * 60_000);
    const late = await server.api(
      '/xb/v1/earn/revoke',
      { requestId: rid('rv'), orderId: second.id },
      { token: u.token, locale: 'jp' },
    );
    expect(late.body).toMatchObject({
      error: 'GRACE_OVER',
      message: 'この注文の取消期間は終了しました。代わりに途中解約できます',
    });
    await ok();
  });

  it('answers a redemption on or after the end date with "being released", then the job releases it', async () => {
    clock.set(Date.UTC(2026, 8, 1, 12));
    const u = await fundedUser('100');
    const p7 = await h.plan('USDT', 7);
    const order = (await sub(u.token, { planId: p7.id, amount: '100' })).body.data;
    clock.set(Date.UTC(2026, 8, 8, 0, 0, 1));
    const res = await server.api('/xb/v1/earn/redeem', { requestId: rid(), orderId: order.id }, { token: u.token });
    expect(res.body).toMatchObject({ code: 409, error: 'MATURING' });
    expect((await h.accrue()).failed).toBe(0);
    const o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({ state: 'matured', earnings: '0.35' });
    expect(await h.holding(u.token, 'earn', 'USDT')).toMatchObject({ available: '100.35', frozen: '0' });
    await ok();
  });
});

describe('operator plans', () => {
  it('creates and edits plans with the finance role only, audited; orders keep their terms', async () => {
    const finance = await server.createOperator(['finance']);
    const support = await server.createOperator(['support']);
    const body = {
      currency: 'USDT',
      lockDays: 14,
      rateMin: '0.0006',
      rateMax: '0.001',
      minAmount: '5',
      maxAmount: '1000',
      capacity: '10000',
      penaltyRate: '0.02',
      graceMinutes: 15,
    };
    expect((await server.api('/admin/earn/plans/create', body, { token: support.token })).status).toBe(403);
    const created = await server.api('/admin/earn/plans/create', body, { token: finance.token });
    expect(created.body.data).toMatchObject({ dailyRate: '0.0006', rateRule: 'range', accepting: true });
    const id = created.body.data.id;
    let res = await server.api('/admin/earn/plans/update', { id, rate: '0.002' }, { token: finance.token });
    expect(res.body).toMatchObject({
      code: 400,
      error: 'VALIDATION',
      message: 'The current rate must be within the published range',
    });
    res = await server.api('/admin/earn/plans/create', { ...body, minAmount: '2000' }, { token: finance.token });
    expect(res.status).toBe(400);

    const u = await fundedUser('100');
    const order = (await sub(u.token, { planId: id, amount: '100' })).body.data;
    res = await server.api('/admin/earn/plans/update', { id, rate: '0.001' }, { token: finance.token });
    expect(res.body.data.dailyRate).toBe('0.001');
    const o = (await server.api('/xb/v1/earn/orders', {}, { token: u.token })).body.data.items[0];
    expect(o).toMatchObject({ id: order.id, dailyRate: '0.0006', dailyEarnings: '0.06' });
    const audits = await server.built.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'earn_plan'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['earn.plan.create', 'earn.plan.update']);
    const all = await server.api('/admin/earn/orders', { state: 'active' }, { token: finance.token });
    expect(all.body.data.items.some((x: any) => x.id === order.id && x.userId === u.id)).toBe(true);
  });
});
