import { service } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { registerByEmail, uniqueEmail } from '../account/account.test-helpers.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import type { AccountRef, LedgerService } from '../wallet/ledger.service.ts';
import { FeeShareJob, shareOf, type FeeShareDeps } from './fee-share.job.ts';
import { loadReferralConfig } from './referral.config.ts';
import { serverForSuite } from '../../testing/test-server.ts';

const PUBLIC_URL = 'https://tidemark.example';
let db: Db;
let ledger: LedgerService;

const server = serverForSuite({ env: { PUBLIC_URL, RATE_LIMIT_ENABLED: 'false' } });
beforeAll(async () => {
  db = server.built.ctx.db;
  ledger = service(server.built.ctx, 'ledger');
});

type Registered = Awaited<ReturnType<typeof registerByEmail>>;
const register = (inviter?: Registered) =>
  registerByEmail(server, uniqueEmail('ref'), 'abc123', inviter ? { inviteCode: inviter.user.inviteCode } : {});

const job = () => service(server.built.ctx, 'referral').feeShare;
/** Another fee-share job on the same database, as a second process would run it; `accounts` may count reads. */
const otherJob = (accounts: FeeShareDeps['accounts'] = () => service(server.built.ctx, 'account')) =>
  new FeeShareJob({
    db,
    clock: server.built.ctx.clock,
    ledger: () => ledger,
    accounts,
    config: loadReferralConfig(),
    log: server.built.ctx.log,
  });
const spot = (userId: number): AccountRef => ({ userId, currency: 'USDT', wallet: 'spot' });
const fees: AccountRef = { system: 'fees', currency: 'USDT' };

async function deposit(userId: number, amount: bigint) {
  await ledger.transaction((tx) =>
    ledger.transfer(tx, 'deposit', { system: 'outside_world', currency: 'USDT' }, spot(userId), amount),
  );
}
async function payFee(userId: number, amount: bigint, kind = 'spot_fee') {
  await ledger.transaction((tx) => ledger.transfer(tx, kind, spot(userId), fees, amount, 'trade:test'));
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('invite and team', () => {
  let a: Registered;
  let b: Registered;
  let c: Registered;
  let d: Registered;
  let e: Registered;
  beforeAll(async () => {
    a = await register();
    b = await register(a);
    c = await register(b);
    d = await register(a);
    e = await register(c); // third level below a: not a's team member
  });

  it('gives the invite code, the link on the configured host and a QR code', async () => {
    expect((await server.api('/xb/v1/referral/invite', {})).status).toBe(401);
    const res = await server.api('/xb/v1/referral/invite', {}, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.inviteCode).toBe(a.user.inviteCode);
    expect(res.body.data.inviteLink).toBe(`${PUBLIC_URL}/register?code=${a.user.inviteCode}`);
    expect(res.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
  });

  it('counts two levels of members and lists the direct invitees masked with their verification state', async () => {
    const res = await server.api('/xb/v1/referral/team', { page: 1, size: 10 }, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalMembers: 3, directCount: 2 });
    const items = res.body.data.items as Array<{
      account: string;
      joinedAt: number;
      kycState: string;
      kycLevel: string;
    }>;
    expect(items).toHaveLength(2);
    const masked = [b.user.email, d.user.email].map((m) => `${m.slice(0, 2)}***${m.slice(m.indexOf('@'))}`);
    expect(items.map((i) => i.account).sort()).toEqual(masked.sort());
    for (const i of items) {
      expect(i.account).not.toContain(b.user.email);
      expect(i).toMatchObject({ kycState: 'not_certified', kycLevel: 'none' });
      expect(typeof i.joinedAt).toBe('number');
    }
    const paged = await server.api('/xb/v1/referral/team', { page: 2, size: 1 }, { token: a.token });
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.directCount).toBe(2);
    const empty = await server.api('/xb/v1/referral/team', {}, { token: e.token });
    expect(empty.body.data).toMatchObject({ totalMembers: 0, directCount: 0, items: [] });
    expect((await server.api('/xb/v1/referral/team', { page: 0 }, { token: a.token })).status).toBe(400);
  });

  it('publishes the reward rates', async () => {
    const res = await server.api('/xb/v1/referral/rules', {});
    expect(res.body.data).toMatchObject({ level1Rate: '0.2', level2Rate: '0.1', creditScoreStart: 100 });
  });

  describe('rewards from the fee postings', () => {
    it('pays each level its share once per fee posting and reconciles with the ledger', async () => {
      await deposit(c.user.id, 1_000_000_000n);
      await deposit(d.user.id, 1_000_000_000n);
      await deposit(e.user.id, 1_000_000_000n);

      await payFee(c.user.id, 1_234_567n); // b gets level 1, a level 2
      await payFee(e.user.id, 999n); // c level 1, b level 2
      await payFee(d.user.id, 5_000_000n); // a level 1 (a has no inviter)
      await payFee(c.user.id, 7_000_000n, 'withdraw_fee'); // a withdrawal fee is not a trading fee
      // a fee taken inside a trade settlement: the payer's frozen funds go to the seller and the fee account
      await ledger.transaction(async (tx) => {
        await ledger.freeze(tx, 'spot_order', spot(c.user.id), 10_000_000n);
        await ledger.settleFrozen(tx, 'spot_trade', spot(c.user.id), [
          { account: spot(d.user.id), amount: 9_990_000n },
          { account: fees, amount: 10_000n },
        ]);
      });
      // two payers folded into one entry: cannot be attributed, so no reward is guessed
      await ledger.transaction((tx) =>
        ledger.post(tx, {
          kind: 'spot_trade',
          movements: [
            { account: spot(c.user.id), available: -100n },
            { account: spot(e.user.id), available: -100n },
            { account: fees, available: 200n },
          ],
        }),
      );

      // another process running the same job at the same time must not pay twice
      const twin = otherJob();
      await Promise.all([job().runOnce(), twin.runOnce(2)]);
      const again = await job().runOnce();
      expect(again.rewards).toBe(0);
      // a row per fee posting that paid; the ones that pay nothing lie below the cursor, with no row of their own
      const outcomes = await rows<{ outcome: string; n: number }>(sql`
        select outcome, count(*)::int as n from referral_fee_postings group by outcome order by outcome`);
      expect(outcomes).toEqual([{ outcome: 'rewarded', n: 4 }]);

      // recompute every reward from the fee postings and the invite tree, and compare
      const feePostings = await rows<{ id: string; kind: string; amount: string; payers: string | null }>(sql`
        select p.id::text, t.kind, p.available_delta::text as amount,
          (select string_agg(distinct a2.user_id::text, ',') from ledger_postings p2 join ledger_accounts a2 on a2.id = p2.account_id
            where p2.transaction_id = p.transaction_id and a2.user_id is not null and p2.available_delta + p2.frozen_delta < 0) as payers
        from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_transactions t on t.id = p.transaction_id
        where a.system_name = 'fees' and p.available_delta > 0 order by p.id`);
      expect(feePostings).toHaveLength(6);
      const inviterOf = new Map<number, number | null>([
        [a.user.id, null],
        [b.user.id, a.user.id],
        [c.user.id, b.user.id],
        [d.user.id, a.user.id],
        [e.user.id, c.user.id],
      ]);
      const expected: Array<{ posting: number; level: number; inviter: number; amount: bigint }> = [];
      for (const p of feePostings) {
        const payers = p.payers?.split(',') ?? [];
        if (p.kind.startsWith('withdraw') || payers.length !== 1) continue;
        const l1 = inviterOf.get(Number(payers[0])) ?? null;
        const l2 = l1 === null ? null : (inviterOf.get(l1) ?? null);
        if (l1 !== null)
          expected.push({ posting: Number(p.id), level: 1, inviter: l1, amount: (BigInt(p.amount) * 2000n) / 10000n });
        if (l2 !== null)
          expected.push({ posting: Number(p.id), level: 2, inviter: l2, amount: (BigInt(p.amount) * 1000n) / 10000n });
      }
      const paid = await rows<{ posting: string; level: number; inviter: string; amount: string; tx: string }>(sql`
        select fee_posting_id::text as posting, level, inviter_id::text as inviter, amount::text, ledger_transaction_id::text as tx
        from referral_rewards order by fee_posting_id, level`);
      expect(
        paid.map((r) => ({
          posting: Number(r.posting),
          level: Number(r.level),
          inviter: Number(r.inviter),
          amount: BigInt(r.amount),
        })),
      ).toEqual(expected.filter((x) => x.amount > 0n));
      // the spot-trade fee of 10000 pays 2000 and 1000; 999 pays 199 and 99 (rounded down)
      expect(expected.filter((x) => x.posting === Number(feePostings[1]!.id)).map((x) => x.amount)).toEqual([
        199n,
        99n,
      ]);

      // each reward is one ledger transfer fees → inviter's spot wallet, and the balances show it
      for (const r of paid) {
        const postings = await rows<{ owner: string; delta: string }>(sql`
          select a.owner, p.available_delta::text as delta from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.transaction_id = ${Number(r.tx)} order by p.available_delta`);
        expect(postings).toEqual([
          { owner: 's:fees', delta: `-${r.amount}` },
          { owner: `u:${r.inviter}`, delta: r.amount },
        ]);
      }
      const earned = (id: number) => expected.filter((x) => x.inviter === id).reduce((s, x) => s + x.amount, 0n);
      expect((await ledger.balance(spot(a.user.id))).available).toBe(earned(a.user.id));
      expect((await ledger.balance(spot(b.user.id))).available).toBe(earned(b.user.id));
      expect(earned(b.user.id)).toBe(246_913n + 99n + 2_000n);

      const check = await ledgerCheck(db);
      expect(check.problems).toEqual([]);
      expect(check.ok).toBe(true);

      // the history as b sees it
      const hist = await server.api('/xb/v1/referral/rewards', { page: 1, size: 20 }, { token: b.token });
      expect(hist.status).toBe(200);
      expect(hist.body.data.total).toBe(3);
      expect(hist.body.data.totals).toEqual([{ currency: 'USDT', amount: '0.249012' }]);
      const first = hist.body.data.items.find((i: { fee: string }) => i.fee === '1.234567');
      expect(first).toMatchObject({ level: 1, currency: 'USDT', rate: '0.2', amount: '0.246913' });
      expect(first.invitee).toMatch(/^re\*\*\*@example\.com$/);
      expect((await server.api('/xb/v1/referral/rewards', {})).status).toBe(401);
    });

    it('passes a burst of fees without a reward with no row each, reads each payer once per run, and pays the rest', async () => {
      // the server's own job stays out, so this run alone examines the burst
      await job().stop();
      onTestFinished(() => job().start());
      const lone = await register(); // no inviter: none of its fees pays a reward
      await deposit(lone.user.id, 1_000_000_000n);
      await deposit(c.user.id, 1_000_000_000n);
      for (let i = 0; i < 30; i++) await payFee(lone.user.id, 1_000n + BigInt(i));
      await payFee(c.user.id, 10_000n); // b level 1, a level 2
      const reads = new Map<number, number>();
      const accounts = service(server.built.ctx, 'account');
      const counting = otherJob(() =>
        Object.assign(Object.create(accounts) as typeof accounts, {
          getUser: (id: number) => {
            reads.set(id, (reads.get(id) ?? 0) + 1);
            return accounts.getUser(id);
          },
        }),
      );
      const before = (await ledger.balance(spot(b.user.id))).available;
      const run = await counting.runOnce(8); // several batches of the burst
      expect(run).toEqual({ examined: 31, rewards: 2 });
      expect(reads.get(lone.user.id)).toBe(1);
      expect(reads.get(c.user.id)).toBe(1);
      const outcomes = await rows<{ outcome: string; n: number }>(sql`
        select f.outcome, count(*)::int as n from referral_fee_postings f
        where f.payer_user_id = ${lone.user.id} group by f.outcome order by f.outcome`);
      expect(outcomes).toEqual([]);
      expect((await ledger.balance(spot(b.user.id))).available - before).toBe(2_000n);
      expect(await counting.runOnce(8)).toEqual({ examined: 0, rewards: 0 });
      expect((await ledgerCheck(db)).ok).toBe(true);
    });

    it('reads only the fee postings above its cursor, and never reads past a posting still being written', async () => {
      await job().stop();
      onTestFinished(() => job().start());
      const payer = await register();
      await deposit(payer.user.id, 1_000_000_000n);
      const standalone = otherJob();
      const cursor = async () =>
        Number((await rows<{ below: string }>(sql`select below::text from referral_fee_cursor`))[0]!.below);
      await standalone.runOnce();
      const lastFee = async () =>
        Number(
          (
            await rows<{ id: string }>(sql`select max(p.id)::text as id from ledger_postings p
              join ledger_accounts a on a.id = p.account_id where a.system_name = 'fees'`)
          )[0]!.id,
        );
      await payFee(payer.user.id, 1_500n);
      expect(await standalone.runOnce()).toEqual({ examined: 1, rewards: 0 });
      // the cursor moves batch by batch up to the horizon the run read to
      expect(await cursor()).toBeGreaterThanOrEqual(await lastFee());
      expect(await standalone.runOnce()).toEqual({ examined: 0, rewards: 0 });
      // what lies below the cursor is not read again, even if its record were lost
      await db.execute(sql`delete from referral_fee_postings where posting_id = ${await lastFee()}`);
      expect(await standalone.runOnce()).toEqual({ examined: 0, rewards: 0 });

      if (!process.env.DATABASE_URL) return; // the embedded database runs one transaction at a time
      // a fee posting whose transaction is still open has a lower id than one committed after it: a run then reads
      // nothing up there and keeps its cursor below the open one; once it has ended, the next run examines both
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      // (in BTC: the USDT fee account's row stays free for the fee committed meanwhile)
      const payerBtc: AccountRef = { userId: payer.user.id, currency: 'BTC', wallet: 'spot' };
      await ledger.transaction((tx) =>
        ledger.transfer(tx, 'deposit', { system: 'outside_world', currency: 'BTC' }, payerBtc, 1_000_000n),
      );
      const slow = ledger.transaction(async (tx) => {
        await ledger.transfer(tx, 'spot_fee', payerBtc, { system: 'fees', currency: 'BTC' }, 2_000n, 'trade:slow');
        opened();
        await gate;
      });
      await open;
      await payFee(payer.user.id, 3_000n);
      expect(await standalone.runOnce()).toEqual({ examined: 0, rewards: 0 });
      const held = await cursor();
      release();
      await slow;
      const slowPosting = Number(
        (
          await rows<{ id: string }>(sql`select p.id::text from ledger_postings p join ledger_transactions t
            on t.id = p.transaction_id where t.reference = 'trade:slow' and p.available_delta > 0`)
        )[0]!.id,
      );
      expect(held).toBeLessThan(slowPosting);
      expect(await standalone.runOnce()).toEqual({ examined: 2, rewards: 0 });
      expect(await cursor()).toBeGreaterThanOrEqual(await lastFee());
    });

    it('keeps its cursor below a reward it could not pay, records the fees above it that pay nothing, and pays later', async () => {
      await job().stop();
      onTestFinished(() => job().start());
      const inviter = await register();
      const invitee = await register(inviter);
      const lone = await register();
      // in ETH: this test alone moves that fee account's balance
      const eth = (userId: number): AccountRef => ({ userId, currency: 'ETH', wallet: 'spot' });
      const ethFees: AccountRef = { system: 'fees', currency: 'ETH' };
      for (const u of [invitee, lone]) {
        await ledger.transaction((tx) =>
          ledger.transfer(tx, 'deposit', { system: 'outside_world', currency: 'ETH' }, eth(u.user.id), 1_000_000n),
        );
      }
      const pay = (userId: number, amount: bigint) =>
        ledger.transaction((tx) => ledger.transfer(tx, 'spot_fee', eth(userId), ethFees, amount, 'trade:eth'));
      const standalone = otherJob();
      await standalone.runOnce();
      await pay(invitee.user.id, 10_000n); // pays the inviter 2,000
      await pay(lone.user.id, 500n); // pays nothing
      // the fee account emptied by hand before the job ran: the reward cannot be paid
      const held = (await ledger.balance(ethFees)).available;
      await ledger.transaction((tx) => ledger.transfer(tx, 'fees_sweep', ethFees, eth(lone.user.id), held));
      const cursor = async () =>
        Number((await rows<{ below: string }>(sql`select below::text from referral_fee_cursor`))[0]!.below);
      const feePosting = async (payer: number) =>
        Number(
          (
            await rows<{ id: string }>(sql`select p.id::text from ledger_postings p
              join ledger_accounts a on a.id = p.account_id
              join ledger_postings q on q.transaction_id = p.transaction_id
              join ledger_accounts qa on qa.id = q.account_id
              where a.system_name = 'fees' and a.currency = 'ETH' and p.available_delta > 0
                and qa.user_id = ${payer} and q.available_delta < 0`)
          )[0]!.id,
        );
      const unpaid = await feePosting(invitee.user.id);
      const quiet = await feePosting(lone.user.id);

      expect(await standalone.runOnce()).toEqual({ examined: 1, rewards: 0 });
      expect(await cursor()).toBe(unpaid - 1);
      // above the cursor, so recorded: the next runs read from below the unpaid one and pass it by
      expect(await rows(sql`select outcome from referral_fee_postings where posting_id = ${quiet}`)).toEqual([
        { outcome: 'no_inviter' },
      ]);
      expect(await rows(sql`select 1 from referral_fee_postings where posting_id = ${unpaid}`)).toEqual([]);

      // the fees come back: the next run pays, and the cursor passes both
      await ledger.transaction((tx) => ledger.transfer(tx, 'fees_return', eth(lone.user.id), ethFees, held));
      const before = (await ledger.balance(eth(inviter.user.id))).available;
      // examined: the unpaid one, and the returned fees (a credit of the fee account from a user without inviter)
      expect(await standalone.runOnce()).toEqual({ examined: 2, rewards: 1 });
      expect((await ledger.balance(eth(inviter.user.id))).available - before).toBe(2_000n);
      expect(await cursor()).toBeGreaterThanOrEqual(quiet);
      expect(await standalone.runOnce()).toEqual({ examined: 0, rewards: 0 });
      expect((await ledgerCheck(db)).ok).toBe(true);
    });
  });
});

describe('credit score', () => {
  it('starts at the published value; only compliance changes it, with a reason the user sees, audited', async () => {
    const u = await register();
    const start = await server.api('/xb/v1/account/credit', {}, { token: u.token });
    expect(start.body.data).toEqual({ score: 100, start: 100, history: [] });
    expect((await server.api('/xb/v1/account/credit', {})).status).toBe(401);

    const support = await server.createOperator(['support']);
    const compliance = await server.createOperator(['compliance']);
    const body = { userId: u.user.id, score: 85, reason: 'Repeated chargeback requests' };
    expect((await server.api('/admin/credit/set', body, { token: support.token })).status).toBe(403);
    expect((await server.api('/admin/credit/set', body)).status).toBe(401);
    expect((await server.api('/admin/credit/set', body, { token: u.token })).status).toBe(401);
    const noReason = await server.api(
      '/admin/credit/set',
      { ...body, reason: ' ' },
      { token: compliance.token, locale: 'de' },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Bitte geben Sie den Grund an, der Nutzer sieht ihn');
    expect((await server.api('/admin/credit/set', { ...body, score: 1001 }, { token: compliance.token })).status).toBe(
      400,
    );
    expect(
      (await server.api('/admin/credit/set', { ...body, userId: 99_999_999 }, { token: compliance.token })).status,
    ).toBe(404);

    const set = await server.api('/admin/credit/set', body, { token: compliance.token });
    expect(set.body.data).toEqual({ userId: u.user.id, from: 100, to: 85, reason: 'Repeated chargeback requests' });
    await server.api(
      '/admin/credit/set',
      { ...body, score: 95, reason: 'Resolved with the bank' },
      { token: compliance.token },
    );

    const after = await server.api('/xb/v1/account/credit', {}, { token: u.token });
    expect(after.body.data.score).toBe(95);
    expect(
      after.body.data.history.map((h: { from: number; to: number; reason: string }) => [h.from, h.to, h.reason]),
    ).toEqual([
      [85, 95, 'Resolved with the bank'],
      [100, 85, 'Repeated chargeback requests'],
    ]);

    const su = await server.createOperator(['super_admin']);
    const audit = await server.api('/admin/audit/list', { limit: 100 }, { token: su.token });
    const entries = (
      audit.body.data.entries as Array<{ action: string; targetId: string; operatorId: number; detail: object }>
    ).filter((x) => x.action === 'credit.set' && x.targetId === String(u.user.id));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      operatorId: compliance.id,
      detail: { from: 100, to: 85, reason: 'Repeated chargeback requests' },
    });
  });
});

describe('shareOf', () => {
  it('rounds down and never exceeds the fee', () => {
    expect(shareOf(999n, 2000)).toBe(199n);
    expect(shareOf(1n, 10_000)).toBe(1n);
    expect(shareOf(5n, 1)).toBe(0n);
  });
});
