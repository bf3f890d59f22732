import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { users } from '../account/user.schema.ts';
import { ledgerCheck } from './ledger-check.ts';
import { InsufficientBalance, keyOf, mayGoNegative, netChanges, type AccountRef, type Entry } from './ledger-types.ts';
import { LedgerService } from './ledger.service.ts';
import type { UserWallet } from './ledger.schema.ts';

/**
 * The batched path against a simple reference. Random sequences of ledger commands are cut into random
 * batches; each batch runs in one transaction through LedgerBatch (accounts locked once, entries decided in
 * memory, one flush). The reference applies the same commands one at a time to plain maps. Both must agree on
 * every refusal, every balance, and the journal: per account, the postings of the run sum to the reference's
 * change, one journal transaction per accepted command; and the ledger check stays clean.
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let ledger: LedgerService;
const userIds: number[] = [];
const CURRENCIES = ['USDT', 'BTC'] as const;
const WALLETS: UserWallet[] = ['spot', 'futures', 'earn'];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.database.db;
  ledger = new LedgerService(db, systemClock);
  for (let i = 0; i < 3; i += 1) {
    const [u] = await db
      .insert(users)
      .values({ email: `b${i}@example.com`, passwordHash: 'x', inviteCode: `B${i}` })
      .returning();
    userIds.push(u!.id);
  }
}, 240_000);
afterAll(async () => {
  await handle?.dispose();
});

const user = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom(...CURRENCIES);
const wallet = fc.constantFrom(...WALLETS);
const amount = fc.bigInt({ min: 1n, max: 3_000n });
const command = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), user, currency, amount }),
  fc.record({ t: fc.constant('freeze' as const), user, currency, wallet, amount }),
  fc.record({ t: fc.constant('release' as const), user, currency, wallet, amount }),
  fc.record({ t: fc.constant('transfer' as const), user, currency, from: wallet, to: wallet, amount }),
  fc.record({ t: fc.constant('pay' as const), user, to: user, currency, amount }),
  fc.record({
    t: fc.constant('settle' as const),
    user,
    to: user,
    currency,
    amount,
    fee: fc.bigInt({ min: 0n, max: 50n }),
  }),
  fc.record({ t: fc.constant('withdraw' as const), user, currency, amount }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

const u = (i: number, c: string, w: UserWallet = 'spot'): AccountRef => ({
  userId: userIds[i]!,
  currency: c,
  wallet: w,
});
const OUTSIDE = (c: string): AccountRef => ({ system: 'outside_world', currency: c });

function entryOf(cmd: Command, run: string, n: number): Entry {
  const reference = `${run}:${n}`;
  const kind = `prop_${cmd.t}`;
  switch (cmd.t) {
    case 'deposit':
      return {
        kind,
        reference,
        movements: [
          { account: OUTSIDE(cmd.currency), available: -cmd.amount },
          { account: u(cmd.user, cmd.currency), available: cmd.amount },
        ],
      };
    case 'freeze':
      return {
        kind,
        reference,
        movements: [{ account: u(cmd.user, cmd.currency, cmd.wallet), available: -cmd.amount, frozen: cmd.amount }],
      };
    case 'release':
      return {
        kind,
        reference,
        movements: [{ account: u(cmd.user, cmd.currency, cmd.wallet), available: cmd.amount, frozen: -cmd.amount }],
      };
    case 'transfer':
      return {
        kind,
        reference,
        movements: [
          { account: u(cmd.user, cmd.currency, cmd.from), available: -cmd.amount },
          { account: u(cmd.user, cmd.currency, cmd.to), available: cmd.amount },
        ],
      };
    case 'pay':
      return {
        kind,
        reference,
        movements: [
          { account: u(cmd.user, cmd.currency), available: -cmd.amount },
          { account: u(cmd.to, cmd.currency), available: cmd.amount },
        ],
      };
    case 'settle':
      // frozen funds of one user to another and a fee to the fees account (a fill's shape)
      return {
        kind,
        reference,
        movements: [
          { account: u(cmd.user, cmd.currency), frozen: -(cmd.amount + cmd.fee) },
          { account: u(cmd.to, cmd.currency), available: cmd.amount },
          { account: { system: 'fees', currency: cmd.currency }, available: cmd.fee },
        ],
      };
    case 'withdraw':
      return {
        kind,
        reference,
        movements: [
          { account: u(cmd.user, cmd.currency), available: -cmd.amount },
          { account: OUTSIDE(cmd.currency), available: cmd.amount },
        ],
      };
  }
}

/** The reference: one command at a time on plain maps; returns whether it was accepted. */
function referenceApply(model: Map<string, { available: bigint; frozen: bigint }>, entry: Entry): boolean {
  const changes = netChanges(entry);
  for (const c of changes) {
    const b = model.get(c.key) ?? { available: 0n, frozen: 0n };
    if (b.frozen + c.frozen < 0n || (b.available + c.available < 0n && !mayGoNegative(c.ref))) return false;
  }
  for (const c of changes) {
    const b = model.get(c.key) ?? { available: 0n, frozen: 0n };
    model.set(c.key, { available: b.available + c.available, frozen: b.frozen + c.frozen });
  }
  return true;
}

let runs = 0;

describe('batched ledger against a one-at-a-time reference', () => {
  it('same refusals, balances and journal sums for random batch cuts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        async (generated, cuts) => {
          // an entry that moves nothing is a programming error in both paths, not a case to compare
          const commands = generated.filter(
            (c) => !(c.t === 'transfer' && c.from === c.to) && !(c.t === 'pay' && c.user === c.to),
          );
          if (!commands.length) return;
          const run = `prop-run-${(runs += 1)}-${Date.now()}`;
          const entries = commands.map((c, i) => entryOf(c, run, i));
          const refs = new Map<string, AccountRef>();
          for (const e of entries) for (const m of e.movements) refs.set(keyOf(m.account), m.account);
          // the reference starts from what the database holds now
          const model = new Map<string, { available: bigint; frozen: bigint }>();
          const start = new Map<string, { available: bigint; frozen: bigint }>();
          for (const [key, ref] of refs) {
            const b = await ledger.balance(ref);
            model.set(key, { ...b });
            start.set(key, { ...b });
          }
          const expected = entries.map((e) => referenceApply(model, e));

          const accepted: boolean[] = [];
          let at = 0;
          for (let c = 0; at < entries.length; c += 1) {
            const size = cuts[c % cuts.length]!;
            const chunk = entries.slice(at, at + size);
            at += size;
            await ledger.transaction(async (tx) => {
              const batch = ledger.batch(tx);
              await batch.lock(chunk.flatMap((e) => e.movements.map((m) => m.account)));
              for (const e of chunk) {
                try {
                  batch.apply(e);
                  accepted.push(true);
                } catch (err) {
                  if (!(err instanceof InsufficientBalance)) throw err;
                  accepted.push(false);
                }
              }
              const ids = await batch.flush();
              expect(ids).toHaveLength(chunk.length - accepted.slice(-chunk.length).filter((x) => !x).length);
            });
          }
          expect(accepted).toEqual(expected);

          for (const [key, ref] of refs)
            expect({ key, ...(await ledger.balance(ref)) }).toEqual({ key, ...model.get(key)! });
          // the run's journal: one transaction per accepted command, postings summing to each account's change
          const journal = (
            (await db.execute(
              sql`select a.owner || '|' || a.currency || '|' || a.wallet as key,
                         sum(p.available_delta)::text as available, sum(p.frozen_delta)::text as frozen,
                         count(distinct t.id)::int as transactions
                  from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
                  join ledger_accounts a on a.id = p.account_id
                  where t.reference like ${`${run}:%`} group by 1`,
            )) as unknown as { rows: Array<{ key: string; available: string; frozen: string }> }
          ).rows;
          const moved = new Map(
            journal.map((r) => [r.key, { available: BigInt(r.available), frozen: BigInt(r.frozen) }]),
          );
          for (const [key, end] of model) {
            const s = start.get(key)!;
            const m = moved.get(key) ?? { available: 0n, frozen: 0n };
            expect({ key, available: m.available, frozen: m.frozen }).toEqual({
              key,
              available: end.available - s.available,
              frozen: end.frozen - s.frozen,
            });
          }
          const [count] = (
            (await db.execute(
              sql`select count(*)::int as n from ledger_transactions where reference like ${`${run}:%`}`,
            )) as unknown as { rows: Array<{ n: number }> }
          ).rows;
          expect(Number(count!.n)).toBe(expected.filter(Boolean).length);
        },
      ),
      { numRuns: 30 },
    );
    expect((await ledgerCheck(db)).problems).toEqual([]);
  }, 600_000);

  it('a plain post() is a batch of one with the same refusals', async () => {
    const ref = u(0, 'USDT', 'earn');
    const before = await ledger.balance(ref);
    await expect(
      ledger.transaction((tx) => ledger.transfer(tx, 'prop_over', ref, u(1, 'USDT', 'earn'), before.available + 1n)),
    ).rejects.toBeInstanceOf(InsufficientBalance);
    expect(await ledger.balance(ref)).toEqual(before);
  });
});
