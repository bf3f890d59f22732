import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeOf, parseRate } from '@tidemark/contract/money';
import { service } from '../../platform/context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { users } from '../account/user.schema.ts';
import { serverForSuite } from '../../testing/test-server.ts';

// expected fees from the published rates, independently of the server's code
const TAKER = parseRate('0.001');
const MAKER = parseRate('0.0008');
const HOUR = 3_600_000;

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
let finance: { id: number; token: string };
let n = 0;
const cid = () => `c-${++n}`;

const server = serverForSuite({ clock });
beforeAll(async () => {
  finance = await server.createOperator(['finance']);
});

const grant = (body: Record<string, unknown>, token = finance.token) =>
  server.api(
    '/admin/coupon/grant',
    { products: ['spot'], expiresAt: clock.now() + 24 * HOUR, reason: 'welcome', ...body },
    { token },
  );
const place = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), symbol: 'BTCUSDT', type: 'limit', ...body }, { token });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.built.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** The fee entries one user paid, newest first, with the memo they carry. */
async function feeEntries(userId: number) {
  return rows<{ amount: string; memo: string | null; kind: string }>(sql`
    select (-(p.available_delta + p.frozen_delta))::text as amount, t.memo, t.kind
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where a.user_id = ${userId} and t.kind in ('spot_fee', 'futures_fee')
    order by t.id desc`);
}

/** A maker sells `qty` BTC at `price` and the taker buys it all; both orders are used up. */
async function trade(maker: { token: string }, taker: { token: string }, price: string, qty: string) {
  const sell = await place(maker.token, { side: 'sell', price, quantity: qty });
  expect(sell.body.data.status, JSON.stringify(sell.body)).toBe('new');
  const buy = await place(taker.token, { side: 'buy', price, quantity: qty });
  expect(buy.body.data.status, JSON.stringify(buy.body)).toBe('filled');
  return buy.body.data;
}

async function traders() {
  const maker = await server.createUser();
  const taker = await server.createUser();
  await server.fund(maker.id, 'BTC', 100_000_000n);
  await server.fund(taker.id, 'USDT', 100_000_000_000n);
  return { maker, taker };
}

describe('granting coupons', () => {
  it('refuses bad grants with a localized message and grants nothing', async () => {
    const u = await server.createUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userId: u.id, value: '10' }, 'value'],
      [{ userId: u.id, value: '0.9' }, 'value'],
      [{ userId: u.id, value: '9.55' }, 'value'],
      [{ userId: u.id, value: '9', expiresAt: clock.now() - 1 }, 'expiresAt'],
      [{ userId: u.id, value: '9', expiresAt: clock.now() + 400 * 24 * HOUR }, 'expiresAt'],
      [{ userId: u.id, value: '9', symbols: ['NOPEUSDT'] }, 'symbols'],
      [{ userId: u.id, value: '9', products: [] }, 'products'],
      [{ userId: u.id, value: '9', reason: '' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await grant(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    const de = await server.api(
      '/admin/coupon/grant',
      { userId: u.id, value: '10', products: ['spot'], expiresAt: clock.now() + HOUR, reason: 'x' },
      { token: finance.token, locale: 'de' },
    );
    expect(de.body.message).toContain('9,9');
    expect((await grant({ userId: 999_999_999, value: '9' })).status).toBe(404);
    const support = await server.createOperator(['support']);
    expect((await grant({ userId: u.id, value: '9' }, support.token)).status).toBe(403);
    expect((await grant({ userId: u.id, value: '9' }, u.token)).status).toBe(401);
    const list = await server.api('/xb/v1/coupon/list', {}, { token: u.token });
    expect(list.body.data).toEqual([]);
  });

  it('grants, audits and lists a coupon with its value shown by the rule', async () => {
    const u = await server.createUser();
    const res = await grant({ userId: u.id, value: '9', symbols: ['BTCUSDT'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ value: '9', payPercent: 90, offPercent: 10, status: 'active' });
    const list = await server.api('/xb/v1/coupon/list', {}, { token: u.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: res.body.data.id,
        value: '9',
        payPercent: 90,
        offPercent: 10,
        products: ['spot'],
        symbols: ['BTCUSDT'],
        source: 'operator',
        status: 'active',
        expiresAt: clock.now() + 24 * HOUR,
      }),
    ]);
    const audit = await rows<{ action: string; target_id: string }>(
      sql`select action, target_id from audit_log where action = 'coupon.grant' and target_id = ${String(u.id)}`,
    );
    expect(audit).toHaveLength(1);
    const other = await server.createUser();
    expect((await server.api('/xb/v1/coupon/list', {}, { token: other.token })).body.data).toEqual([]);
    const byOperator = await server.api('/admin/coupon/list', { userId: u.id }, { token: finance.token });
    expect(byOperator.body.data).toHaveLength(1);
  });
});

describe('a coupon on trading fees', () => {
  it('a trade with a coupon pays the discounted fee and the fee entry names the coupon', async () => {
    const { maker, taker } = await traders();
    const c = await grant({ userId: taker.id, value: '9', symbols: ['BTCUSDT'] });
    const couponId = c.body.data.id as number;
    const order = await trade(maker, taker, '71000', '0.1');
    const quote = 7_100_000_000n; // 7100 USDT
    const full = feeOf(quote, TAKER);
    const paid = (full * 90n + 99n) / 100n;
    expect(paid).toBeLessThan(full);
    const [entry] = await feeEntries(taker.id);
    expect(BigInt(entry!.amount)).toBe(paid);
    expect(entry!.memo).toContain(`coupon ${couponId} `);
    expect(entry!.memo).toContain('90%');
    // the maker has no coupon: full maker fee, no memo
    const [makerEntry] = await feeEntries(maker.id);
    expect(BigInt(makerEntry!.amount)).toBe(feeOf(quote, MAKER));
    expect(makerEntry!.memo).toBeNull();
    // the trade record carries the discounted fee; the reserve for the full fee went back
    expect(order.fee).toBe('6.39'); // 7.1 USDT at the rate, 90 % of it paid
    expect(paid).toBe(6_390_000n);
    const detail = await server.api('/xb/v1/spot/order/detail', { id: order.id }, { token: taker.token });
    expect(detail.body.data.fills.map((f: { fee: string }) => f.fee)).toEqual(['6.39']);
    const bal = await service(server.built.ctx, 'ledger').balance({
      userId: taker.id,
      currency: 'USDT',
      wallet: 'spot',
    });
    expect(bal).toEqual({ available: 100_000_000_000n - quote - paid, frozen: 0n });
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('the best valid coupon applies', async () => {
    const { maker, taker } = await traders();
    await grant({ userId: taker.id, value: '9' });
    const best = await grant({ userId: taker.id, value: '7.5' });
    await grant({ userId: taker.id, value: '5', products: ['futures'] });
    await grant({ userId: taker.id, value: '1', symbols: ['ETHUSDT'] });
    await trade(maker, taker, '72000', '0.1');
    const full = feeOf(7_200_000_000n, TAKER);
    const [entry] = await feeEntries(taker.id);
    expect(BigInt(entry!.amount)).toBe((full * 75n + 99n) / 100n);
    expect(entry!.memo).toContain(`coupon ${best.body.data.id} `);
  });

  it('a coupon of another market or product does not apply', async () => {
    const { maker, taker } = await traders();
    await grant({ userId: taker.id, value: '2', symbols: ['ETHUSDT'] });
    await grant({ userId: taker.id, value: '2', products: ['futures'] });
    await trade(maker, taker, '73000', '0.1');
    const [entry] = await feeEntries(taker.id);
    expect(BigInt(entry!.amount)).toBe(feeOf(7_300_000_000n, TAKER));
    expect(entry!.memo).toBeNull();
  });

  it('an expired coupon never applies and is listed as expired', async () => {
    const { maker, taker } = await traders();
    const c = await grant({ userId: taker.id, value: '5', expiresAt: clock.now() + HOUR });
    clock.advance(HOUR); // expires exactly now: no longer valid
    await trade(maker, taker, '74000', '0.1');
    const [entry] = await feeEntries(taker.id);
    expect(BigInt(entry!.amount)).toBe(feeOf(7_400_000_000n, TAKER));
    expect(entry!.memo).toBeNull();
    const list = await server.api('/xb/v1/coupon/list', { status: 'expired' }, { token: taker.token });
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([c.body.data.id]);
    const active = await server.api('/xb/v1/coupon/list', { status: 'active' }, { token: taker.token });
    expect(active.body.data).toEqual([]);
  });

  it('a grant made on another node reaches the book at the next reload', async () => {
    const { maker, taker } = await traders();
    const coupons = service(server.built.ctx, 'coupons');
    await grant({ userId: taker.id, value: '6' });
    coupons.book.load([]); // this node forgets it, as a node that did not make the grant
    expect(coupons.book.best(taker.id, 'spot', 'BTCUSDT', clock.now())).toBeNull();
    await coupons.reload();
    await trade(maker, taker, '75000', '0.1');
    const [entry] = await feeEntries(taker.id);
    expect(BigInt(entry!.amount)).toBe((feeOf(7_500_000_000n, TAKER) * 60n + 99n) / 100n);
  });
});

describe('the invite reward coupon', () => {
  it('gives the inviter one coupon when an invitee’s basic verification is approved', async () => {
    const compliance = await server.createOperator(['compliance']);
    const inviter = await server.createUser();
    const invitee = await server.createUser({ email: `inv-${Date.now()}@example.com`, phone: '5551230000' });
    await server.built.ctx.db.update(users).set({ inviterId: inviter.id }).where(eq(users.id, invitee.id));
    const submit = await server.api(
      '/xb/v1/kyc/basic/submit',
      { realName: 'Jane Doe', idNumber: 'X1234567', country: 'fr', documentType: 'passport' },
      { token: invitee.token },
    );
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    expect((await server.api('/xb/v1/coupon/list', {}, { token: inviter.token })).body.data).toEqual([]);
    const status = await server.api('/xb/v1/kyc/status', {}, { token: invitee.token });
    const approved = await server.api(
      '/admin/kyc/approve',
      { id: status.body.data.basic.id },
      { token: compliance.token },
    );
    expect(approved.status).toBe(200);
    const list = await server.api('/xb/v1/coupon/list', {}, { token: inviter.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        value: '8',
        payPercent: 80,
        offPercent: 20,
        products: ['spot', 'futures'],
        symbols: [],
        source: 'invite',
        status: 'active',
        expiresAt: clock.now() + 30 * 24 * HOUR,
      }),
    ]);
    // at once in the fee hook (no reload needed), and nothing for the invitee
    const coupons = service(server.built.ctx, 'coupons');
    expect(coupons.book.best(inviter.id, 'futures', 'BTCUSDT', clock.now())?.valueTenths).toBe(80);
    expect((await server.api('/xb/v1/coupon/list', {}, { token: invitee.token })).body.data).toEqual([]);
  });
});
