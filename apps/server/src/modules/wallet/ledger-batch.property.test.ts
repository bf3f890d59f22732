import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PREPARED } from '../../platform/db/database.ts';
import { tailOf } from '../../platform/db/tail-commit.ts';
import { ledgerCheck } from './ledger-check.ts';
import { ledgerPicks, useLedgerDatabase } from './ledger.test-helpers.ts';
import { InsufficientBalance, keyOf, mayGoNegative, netChanges, type AccountRef, type Entry } from './ledger-types.ts';
import { SpeculationMissed, type Carried, type LedgerBatch } from './ledger-batch.ts';
import type { UserWallet } from './ledger.schema.ts';

/**
 * The batched path against a simple reference. Random sequences of ledger commands are cut into random
 * batches; each batch runs in one transaction through LedgerBatch (accounts locked once, entries decided in
 * memory, one flush). The reference applies the same commands one at a time to plain maps. Both must agree on
 * every refusal, every balance, and the journal: per account, the postings of the run sum to the reference's
 * change, one journal transaction per accepted command; and the ledger check stays clean.
 */
const USERS = 3;
const fx = useLedgerDatabase({ users: { count: USERS, tag: 'b' } });

const { user, currency, wallet } = ledgerPicks(USERS);
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
  userId: fx.userIds[i]!,
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

/**
 * How a run's batches reach the database: each gets its chunk of entries and must push, per entry, whether the
 * batch accepted it.
 */
type RunBatches = (chunks: Entry[][], accepted: boolean[]) => Promise<void>;

/** Applies a chunk's entries to a batch, noting refusals (anything else is a failure of the test). */
function applyAll(batch: LedgerBatch, chunk: Entry[], accepted: boolean[]): number {
  let refused = 0;
  for (const e of chunk) {
    try {
      batch.apply(e);
      accepted.push(true);
    } catch (err) {
      if (!(err instanceof InsufficientBalance)) throw err;
      accepted.push(false);
      refused += 1;
    }
  }
  return refused;
}

const accountsOfChunk = (chunk: Entry[]) => chunk.flatMap((e) => e.movements.map((m) => m.account));

/** One transaction per batch, one after the other, each locking its accounts (the ordinary path). */
const oneByOne: RunBatches = async (chunks, accepted) => {
  for (const chunk of chunks) {
    await fx.ledger.transaction(async (tx) => {
      const batch = fx.ledger.batch(tx);
      await batch.lock(accountsOfChunk(chunk));
      const refused = applyAll(batch, chunk, accepted);
      expect(await batch.flush()).toHaveLength(chunk.length - refused);
    });
  }
};

/**
 * The spot group commit's pipeline: each batch after the first starts from the balances the one before leaves
 * (`lockAhead` with its `carry()`) and is decided while that one has not committed yet; it writes once that one
 * has committed. On PostgreSQL the two transactions are open at once; the embedded database runs one
 * transaction at a time, so there each batch starts after the one before committed (same carry, same checks).
 */
const pipelined: RunBatches = async (chunks, accepted) => {
  let before: { carried: Promise<Map<string, Carried>>; done: Promise<void> } | null = null;
  const concurrent = fx.handle.url !== null;
  for (const chunk of chunks) {
    const prev = before;
    let carried!: (c: Map<string, Carried>) => void;
    const next = { carried: new Promise<Map<string, Carried>>((r) => (carried = r)), done: Promise.resolve() };
    next.done = fx.ledger.transaction(async (tx) => {
      const batch = fx.ledger.batch(tx);
      if (prev) await batch.lockAhead(accountsOfChunk(chunk), await prev.carried);
      else await batch.lock(accountsOfChunk(chunk));
      const refused = applyAll(batch, chunk, accepted);
      // the order of the spot committer: confirmed (granted once the batch before committed), credited accounts
      // locked, balances handed on, then written after the batch before
      await batch.confirm();
      await batch.lockCredited();
      carried(batch.carry());
      await prev?.done;
      expect(await batch.flush()).toHaveLength(chunk.length - refused);
    });
    next.done.catch(() => {});
    before = next;
    // the next batch starts once this one's balances are known and the one before it has committed (at most
    // two in flight, as in the spot committer) — on the embedded database once this one has committed
    if (concurrent) await Promise.race([next.carried, next.done]);
    else await next.done;
    await prev?.done;
  }
  await before?.done;
};

/** The advisory lock a tailed batch holds as (TAIL_LOCK, its number), and the statement that takes it. */
const TAIL_LOCK = 0x70726f70;
const chained = (seq: number): SQL =>
  sql`${PREPARED}select pg_advisory_xact_lock(${TAIL_LOCK}::int, ${seq}::int) as chained,
      pg_current_xact_id()::text as xid`;
let tailSeq = 0;

/**
 * Keeps a batch's last statements in its transaction's tail, as the spot committer does: its confirmation after the
 * batch `after` (when there is one), then its write. The write's result, once the COMMIT has gone.
 */
function keepTail(
  tx: Parameters<Parameters<typeof fx.ledger.transaction>[0]>[0],
  batch: LedgerBatch,
  after: { seq: number; xid: string } | undefined,
): Promise<{ ids: number[] }> {
  const tail = tailOf(tx)!;
  if (after) tail.add(batch.confirmStatement({ lockKey: TAIL_LOCK, ...after })).catch(() => {});
  const written = batch.flushVia((q) => tail.add(q));
  written.catch(() => {});
  return written;
}

/**
 * A batch decided on balances another transaction changed since: one that takes from the account fails (`fails`
 * checks how) and writes nothing, one that only credits it lands its credit (1) on the balance as it is now.
 */
async function expectMissedOrCredited(
  next: Promise<unknown>,
  misses: boolean,
  fails: (next: Promise<unknown>) => Promise<void>,
  ref: AccountRef,
  between: { available: bigint; frozen: bigint },
): Promise<void> {
  if (misses) {
    await fails(next);
    expect(await fx.ledger.balance(ref)).toEqual(between);
  } else {
    await next;
    expect((await fx.ledger.balance(ref)).available).toBe(between.available + 1n);
  }
}

interface TailFlight {
  seq: number;
  xid: string;
  carried: Map<string, Carried>;
  done: Promise<boolean>;
}

/**
 * The spot group commit's pipeline on PostgreSQL (spot-committer.ts): up to three batches in flight, each decided
 * on the balances the ones before it leave, its confirmation (ledger_confirm_after: wait for the batch before,
 * require that it committed, lock and compare) and its write kept in the tail that goes with its COMMIT
 * (platform/db/tail-commit.ts), so it commits right after the one before without a round trip through here.
 */
const tailed: RunBatches = async (chunks, accepted) => {
  const tails = fx.handle.database.groupCommit!;
  const flights: TailFlight[] = [];
  for (const chunk of chunks) {
    const before = [...flights];
    const prev = before.at(-1);
    const seq = (tailSeq += 1);
    let decided!: (f: TailFlight | null) => void;
    const decision = new Promise<TailFlight | null>((r) => (decided = r));
    const flight = { seq, xid: '', carried: new Map<string, Carried>(), done: Promise.resolve(false) };
    flight.done = fx.ledger
      .transaction(async (tx) => {
        const batch = fx.ledger.batch(tx);
        const carried = new Map<string, Carried>();
        for (const f of before) for (const [key, c] of f.carried) carried.set(key, c);
        const read = prev
          ? await batch.lockAhead<{ xid: string }>(accountsOfChunk(chunk), carried, { alongside: chained(seq) })
          : await batch.lock<{ xid: string }>(accountsOfChunk(chunk), { alongside: chained(seq) });
        const refused = applyAll(batch, chunk, accepted);
        await batch.lockCredited();
        flight.carried = batch.carry();
        flight.xid = read!.xid;
        decided(flight);
        const written = keepTail(tx, batch, prev);
        void written.then((w) => expect(w.ids).toHaveLength(chunk.length - refused));
      }, tails)
      .then(() => true);
    flight.done.catch(() => {});
    flight.done.finally(() => decided(null)).catch(() => {});
    await decision;
    flights.push(flight);
    if (flights.length >= 3) expect(await flights.shift()!.done).toBe(true);
  }
  for (const f of flights) expect(await f.done).toBe(true);
};

/** A deposit of `amount` from outside into `ref` (USDT). */
const depositTo =
  (ref: AccountRef) =>
  (amount: bigint, reference: string): Entry => ({
    kind: 'prop_deposit',
    reference,
    movements: [
      { account: OUTSIDE('USDT'), available: -amount },
      { account: ref, available: amount },
    ],
  });

/** A withdrawal of `amount` from `ref` (USDT) to outside. */
const withdrawFrom =
  (ref: AccountRef) =>
  (amount: bigint, reference: string): Entry => ({
    kind: 'prop_withdraw',
    reference,
    movements: [
      { account: ref, available: -amount },
      { account: OUTSIDE('USDT'), available: amount },
    ],
  });

const ways: Array<[string, RunBatches]> = [
  ['one after the other', oneByOne],
  ['pipelined: each decided while the one before commits', pipelined],
];
if (process.env.DATABASE_URL) ways.push(['tailed: three in flight, each committed after the one before', tailed]);

describe('batched ledger against a one-at-a-time reference', () => {
  it.each(ways)(
    'same refusals, balances and journal sums for random batch cuts (%s)',
    async (_, runBatches) => {
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
              const b = await fx.ledger.balance(ref);
              model.set(key, { ...b });
              start.set(key, { ...b });
            }
            const expected = entries.map((e) => referenceApply(model, e));

            const chunks: Entry[][] = [];
            for (let c = 0, at = 0; at < entries.length; c += 1) {
              const size = cuts[c % cuts.length]!;
              chunks.push(entries.slice(at, at + size));
              at += size;
            }
            const accepted: boolean[] = [];
            await runBatches(chunks, accepted);
            expect(accepted).toEqual(expected);
            for (const [key, ref] of refs)
              expect({ key, ...(await fx.ledger.balance(ref)) }).toEqual({ key, ...model.get(key)! });
            // the run's journal: one transaction per accepted command, postings summing to each account's change
            const journal = (
              (await fx.db.execute(
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
              (await fx.db.execute(
                sql`select count(*)::int as n from ledger_transactions where reference like ${`${run}:%`}`,
              )) as unknown as { rows: Array<{ n: number }> }
            ).rows;
            expect(Number(count!.n)).toBe(expected.filter(Boolean).length);
          },
        ),
        { numRuns: 30 },
      );
      expect((await ledgerCheck(fx.db)).problems).toEqual([]);
    },
    600_000,
  );

  it('a speculative batch that takes from an account changed since the batch before writes nothing; one that only credits it commits', async () => {
    const ref = u(2, 'USDT', 'earn');
    const deposit = depositTo(ref);
    for (const [entry, misses] of [
      [withdrawFrom(ref)(1n, 'miss:b'), true],
      [deposit(1n, 'miss:c'), false],
    ] as const) {
      let carried = new Map<string, Carried>();
      await fx.ledger.transaction(async (tx) => {
        const batch = fx.ledger.batch(tx);
        await batch.lock([ref, OUTSIDE('USDT')]);
        batch.apply(deposit(100n, `${entry.reference}:before`));
        await batch.lockCredited();
        carried = batch.carry();
        await batch.flush();
      });
      // another module's transaction changes the account after the batch before and before the next one locks it
      await fx.ledger.transaction((tx) => fx.ledger.post(tx, deposit(7n, `${entry.reference}:other`)));
      const between = await fx.ledger.balance(ref);
      const next = fx.ledger.transaction(async (tx) => {
        const batch = fx.ledger.batch(tx);
        await batch.lockAhead([ref, OUTSIDE('USDT')], carried);
        batch.apply(entry);
        await batch.confirm();
        await batch.flush();
      });
      // the credit decided nothing: it lands on the balance as it is now
      await expectMissedOrCredited(
        next,
        misses,
        (p) => expect(p).rejects.toBeInstanceOf(SpeculationMissed),
        ref,
        between,
      );
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a tailed batch commits after the batch before, and writes nothing if that one rolled back or a balance changed',
    async () => {
      const tails = fx.handle.database.groupCommit!;
      const ref = u(1, 'USDT', 'earn');
      const deposit = depositTo(ref);
      const missed = { code: 'TM001' };
      for (const way of ['committed', 'rolled back'] as const) {
        const first = (tailSeq += 1);
        let carried = new Map<string, Carried>();
        let xid = '';
        let decided!: () => void;
        const isDecided = new Promise<void>((r) => (decided = r));
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        // the batch before: decided, then held open until the next one's tail waits for it in the database
        const before = fx.ledger.transaction(async (tx) => {
          const batch = fx.ledger.batch(tx);
          xid = (await batch.lock<{ xid: string }>([ref, OUTSIDE('USDT')], { alongside: chained(first) }))!.xid;
          batch.apply(deposit(100n, `tail-${way}:a`));
          await batch.lockCredited();
          carried = batch.carry();
          decided();
          await released;
          if (way === 'rolled back') throw new Error('the batch before fails');
          await batch.flush();
        }, tails);
        before.catch(() => {});
        await isDecided;
        const balance = await fx.ledger.balance(ref);
        const next = fx.ledger.transaction(async (tx) => {
          const batch = fx.ledger.batch(tx);
          await batch.lockAhead([ref, OUTSIDE('USDT')], carried, { alongside: chained((tailSeq += 1)) });
          batch.apply(deposit(1n, `tail-${way}:b`));
          void keepTail(tx, batch, { seq: first, xid });
        }, tails);
        next.catch(() => {});
        // let the tail reach the database and wait there, then end the batch before
        await new Promise((r) => setTimeout(r, 200));
        release();
        if (way === 'rolled back') await expect(before).rejects.toThrow('the batch before fails');
        else await before;
        if (way === 'rolled back') {
          await expect(next).rejects.toMatchObject(missed);
          expect(await fx.ledger.balance(ref)).toEqual(balance);
        } else {
          await next;
          expect((await fx.ledger.balance(ref)).available).toBe(balance.available + 101n);
        }
      }
      // a balance changed between the batch before and the next one's lock: a batch that takes from it rolls
      // back; one that only credits it commits on the balance as it is
      for (const [entry, misses] of [
        [withdrawFrom(ref)(1n, 'tail-miss:b'), true],
        [deposit(1n, 'tail-miss:c'), false],
      ] as const) {
        const first = (tailSeq += 1);
        let carried = new Map<string, Carried>();
        let xid = '';
        await fx.ledger.transaction(async (tx) => {
          const batch = fx.ledger.batch(tx);
          xid = (await batch.lock<{ xid: string }>([ref, OUTSIDE('USDT')], { alongside: chained(first) }))!.xid;
          batch.apply(deposit(5n, `${entry.reference}:before`));
          await batch.lockCredited();
          carried = batch.carry();
          await batch.flush();
        }, tails);
        await fx.ledger.transaction((tx) => fx.ledger.post(tx, deposit(7n, `${entry.reference}:other`)));
        const between = await fx.ledger.balance(ref);
        const next = fx.ledger.transaction(async (tx) => {
          const batch = fx.ledger.batch(tx);
          await batch.lockAhead([ref, OUTSIDE('USDT')], carried, { alongside: chained((tailSeq += 1)) });
          batch.apply(entry);
          void keepTail(tx, batch, { seq: first, xid });
        }, tails);
        await expectMissedOrCredited(next, misses, (p) => expect(p).rejects.toMatchObject(missed), ref, between);
      }
      expect((await ledgerCheck(fx.db)).problems).toEqual([]);
    },
    60_000,
  );

  it('a plain post() is a batch of one with the same refusals', async () => {
    const ref = u(0, 'USDT', 'earn');
    const before = await fx.ledger.balance(ref);
    await expect(
      fx.ledger.transaction((tx) =>
        fx.ledger.transfer(tx, 'prop_over', ref, u(1, 'USDT', 'earn'), before.available + 1n),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalance);
    expect(await fx.ledger.balance(ref)).toEqual(before);
  });
});
