import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  horizonSettled,
  postingHorizon,
  unprocessedFeePostings,
  type FeePosting,
  type PostingHorizon,
} from './fee-postings.ts';
import { AccountIdCache, LedgerBatch } from './ledger-batch.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema.ts';
import { ownerOf, walletOf, type AccountRef, type Balance, type Entry } from './ledger-types.ts';

export type { FeePosting, PostingHorizon } from './fee-postings.ts';
export {
  InsufficientBalance,
  insufficientBalance,
  SYSTEM_ACCOUNTS,
  type AccountRef,
  type Balance,
  type Entry,
  type Movement,
  type SystemAccount,
} from './ledger-types.ts';

/** One posting of a journal transaction, as `postingsOf` reads it. */
export interface TransactionPosting {
  kind: string;
  ownerKind: string;
  userId: number | null;
  systemName: string | null;
  wallet: string;
  currency: string;
  available: bigint;
  frozen: bigint;
}

/** Where a ledger transaction runs: the database, or another handle on it (the spot group commit's TailCommit). */
interface TransactionRunner {
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

/**
 * The double-entry ledger. Every balance change is one balanced journal transaction written in the
 * caller's database transaction: accounts are locked (one SELECT … FOR UPDATE, in id order so two
 * transactions never wait on each other in a cycle), checked in memory, journaled and updated together
 * with a constant number of statements per batch (ledger-batch.ts, docs/decisions/0009-batched-ledger.md).
 * Published as `ctx.services.ledger`.
 */
export class LedgerService {
  private readonly db: Db;
  private readonly clock: Clock;
  /** Account ids by key, for the life of the process (ids never change). */
  private readonly ids = new AccountIdCache();
  /** On a PostgreSQL server: where missing accounts are created, committed apart (see LedgerBatch). */
  private readonly createAccountsApart: Db | null;
  constructor(db: Db, clock: Clock = systemClock, options: { createAccountsOn?: Db | undefined } = {}) {
    this.db = db;
    this.clock = clock;
    this.createAccountsApart = options.createAccountsOn ?? null;
  }

  /** The batches of each open `transaction()`, so the users they touched are known at its commit. */
  private readonly batchesOf = new WeakMap<object, LedgerBatch[]>();
  private readonly committedListeners = new Set<(users: ReadonlySet<number>) => void>();

  /**
   * Runs `fn` in one database transaction (the unit every money command commits in). Once it has committed,
   * the listeners of `onCommitted` learn whose balances it changed (the `/ws` balance channels). `on`: another
   * handle on the same database (the spot group commit's own connection).
   */
  async transaction<T>(fn: (tx: Db) => Promise<T>, on: TransactionRunner = this.db): Promise<T> {
    const batches: LedgerBatch[] = [];
    const value = await on.transaction((tx: Db) => {
      this.batchesOf.set(tx, batches);
      return fn(tx as unknown as Db);
    });
    const users = new Set(batches.flatMap((b) => [...b.users]));
    if (users.size) {
      for (const listener of this.committedListeners) {
        try {
          listener(users);
        } catch {
          // a listener's failure never fails a committed command
        }
      }
    }
    return value;
  }

  /**
   * After each committed `transaction()` (deposits, transfers, conversions, withdrawals, earn, cycle …),
   * the users whose balances changed (the spot group commit runs through here too). A transaction opened
   * without it (the futures group commit) publishes its own changes. Returns the way to stop listening.
   */
  onCommitted(listener: (users: ReadonlySet<number>) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /**
   * A batch of entries in `tx`: accounts locked once, entries decided in memory, written by `flush()` in one
   * statement (see ledger-batch.ts). Use one batch per transaction for a group of commands.
   */
  batch(tx: Db): LedgerBatch {
    const batch = new LedgerBatch(tx, this.ids, () => this.clock.now(), this.createAccountsApart);
    this.batchesOf.get(tx)?.push(batch);
    return batch;
  }

  /**
   * Writes one balanced entry; refuses (INSUFFICIENT_BALANCE) anything that would go negative. A batch of
   * one: one statement to lock its accounts (in id order) and one to write it.
   */
  async post(tx: Db, entry: Entry): Promise<{ transactionId: number }> {
    const batch = this.batch(tx);
    await batch.post(entry);
    const [transactionId] = await batch.flush();
    return { transactionId: transactionId! };
  }

  /** available → available between two accounts of one currency. */
  transfer(tx: Db, kind: string, from: AccountRef, to: AccountRef, amount: bigint, reference?: string, memo?: string) {
    positive(amount);
    const movements = [
      { account: from, available: -amount },
      { account: to, available: amount },
    ];
    return this.post(tx, { kind, reference, memo, movements });
  }

  /** Holds funds: available → frozen of the same account. */
  freeze(tx: Db, kind: string, account: AccountRef, amount: bigint, reference?: string) {
    positive(amount);
    return this.post(tx, { kind, reference, movements: [{ account, available: -amount, frozen: amount }] });
  }

  /** Gives held funds back: frozen → available of the same account. */
  release(tx: Db, kind: string, account: AccountRef, amount: bigint, reference?: string) {
    positive(amount);
    return this.post(tx, { kind, reference, movements: [{ account, available: amount, frozen: -amount }] });
  }

  /** Consumes held funds: frozen of `from` → available of each receiver. */
  settleFrozen(
    tx: Db,
    kind: string,
    from: AccountRef,
    to: Array<{ account: AccountRef; amount: bigint }>,
    reference?: string,
    memo?: string,
  ) {
    const total = to.reduce((s, x) => s + x.amount, 0n);
    positive(total);
    const movements = [
      { account: from, frozen: -total },
      ...to.filter((x) => x.amount !== 0n).map((x) => ({ account: x.account, available: x.amount })),
    ];
    return this.post(tx, { kind, reference, memo, movements });
  }

  /** Locks an account (creating it at zero) and reads its balance, for checks that must hold until commit. */
  async lockBalance(tx: Db, ref: AccountRef): Promise<{ available: bigint; frozen: bigint }> {
    const batch = this.batch(tx);
    await batch.lock([ref]);
    return batch.balanceOf(ref);
  }

  /** Whether an entry of this kind and reference was ever posted (one-time seed steps ask this). */
  async hasEntry(kind: string, reference: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)))
      .limit(1);
    return row !== undefined;
  }

  /** The balances of a user (every currency and wallet that has an account). */
  async balancesOf(userId: number, db: Db = this.db): Promise<Balance[]> {
    const rows = await db
      .select({
        currency: ledgerAccounts.currency,
        wallet: ledgerAccounts.wallet,
        available: ledgerAccounts.available,
        frozen: ledgerAccounts.frozen,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    return rows.map((r) => ({ ...r, available: BigInt(r.available), frozen: BigInt(r.frozen) }));
  }

  async balance(ref: AccountRef, db: Db = this.db): Promise<{ available: bigint; frozen: bigint }> {
    const [row] = await db
      .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.owner, ownerOf(ref)),
          eq(ledgerAccounts.currency, ref.currency),
          eq(ledgerAccounts.wallet, walletOf(ref)),
        ),
      );
    return row ? { available: BigInt(row.available), frozen: BigInt(row.frozen) } : { available: 0n, frozen: 0n };
  }

  async accountIdsOf(userId: number, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    return rows.map((r) => r.id);
  }

  /**
   * The `available` balance of many users' accounts of one currency and wallet, in one query (risk scans
   * and ADL ranking read a whole contract's owners at once). A user without that account is absent.
   */
  async availableOfUsers(
    userIds: readonly number[],
    currency: string,
    wallet: string,
    db: Db = this.db,
  ): Promise<Map<number, bigint>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .select({ userId: ledgerAccounts.userId, available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(
        and(
          inArray(ledgerAccounts.userId, [...new Set(userIds)]),
          eq(ledgerAccounts.currency, currency),
          eq(ledgerAccounts.wallet, wallet),
        ),
      );
    return new Map(rows.map((r) => [r.userId!, BigInt(r.available)]));
  }

  /** The postings of one journal transaction, with its kind and each account's owner (verification reads it). */
  async postingsOf(transactionId: number, db: Db = this.db): Promise<TransactionPosting[]> {
    const rows = await db
      .select({
        kind: ledgerTransactions.kind,
        ownerKind: ledgerAccounts.ownerKind,
        userId: ledgerAccounts.userId,
        systemName: ledgerAccounts.systemName,
        wallet: ledgerAccounts.wallet,
        currency: ledgerPostings.currency,
        available: ledgerPostings.availableDelta,
        frozen: ledgerPostings.frozenDelta,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.transactionId, transactionId));
    return rows.map((r) => ({ ...r, available: BigInt(r.available), frozen: BigInt(r.frozen) }));
  }

  /** Fee postings a consumer has not examined yet (see fee-postings.ts). */
  unprocessedFeePostings(
    limit: number,
    examined: { table: string; postingIdColumn: string },
    db: Db = this.db,
    after = 0,
    upTo: number | null = null,
  ): Promise<FeePosting[]> {
    return unprocessedFeePostings(db, limit, examined, after, upTo);
  }

  /** A horizon for a cursor over the postings, and whether it has settled (see fee-postings.ts). */
  postingHorizon(db: Db = this.db): Promise<PostingHorizon> {
    return postingHorizon(db);
  }

  horizonSettled(horizon: PostingHorizon, db: Db = this.db): Promise<boolean> {
    return horizonSettled(db, horizon);
  }

  /**
   * What the platform owes each user per currency: available + frozen over all their wallets (spot,
   * futures, earn locked), users owed nothing left out. Summed by the database, never in floating point;
   * read it in one repeatable-read transaction for a picture consistent with the other figures.
   */
  async userLiabilities(db: Db = this.db): Promise<{ currency: string; userId: number; balance: bigint }[]> {
    const total = sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.frozen})`;
    const rows = await db
      .select({
        currency: ledgerAccounts.currency,
        userId: ledgerAccounts.userId,
        balance: sql<string>`${total}::text`,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerKind, 'user'))
      .groupBy(ledgerAccounts.currency, ledgerAccounts.userId)
      .having(sql`${total} > 0`)
      .orderBy(ledgerAccounts.currency, ledgerAccounts.userId);
    return rows.map((r) => ({ currency: r.currency, userId: r.userId!, balance: BigInt(r.balance) }));
  }

  /** A system account's balances in every currency it holds (the dashboard's insurance fund and pool). */
  async systemBalances(system: string, db: Db = this.db): Promise<{ currency: string; available: bigint }[]> {
    const rows = await db
      .select({ currency: ledgerAccounts.currency, available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerKind, 'system'), eq(ledgerAccounts.systemName, system)));
    return rows.sort((a, b) => a.currency.localeCompare(b.currency));
  }

  /**
   * What flowed into a system account per UTC day and currency since a time (net of what left it):
   * the fee income chart. Summed by the database over the postings, never in floating point.
   */
  async systemDailyNet(
    system: string,
    sinceMs: number,
    db: Db = this.db,
  ): Promise<{ day: string; currency: string; amount: bigint }[]> {
    const day = sql<string>`to_char(date_trunc('day', ${ledgerTransactions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        day,
        currency: ledgerPostings.currency,
        amount: sql<string>`sum(${ledgerPostings.availableDelta})::text`,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(
        and(
          eq(ledgerAccounts.ownerKind, 'system'),
          eq(ledgerAccounts.systemName, system),
          gte(ledgerTransactions.createdAt, new Date(sinceMs)),
        ),
      )
      .groupBy(day, ledgerPostings.currency)
      .orderBy(day);
    return rows.map((r) => ({ day: r.day, currency: r.currency, amount: BigInt(r.amount) }));
  }

  async accountsByIds(ids: number[], db: Db = this.db) {
    if (!ids.length) return [];
    return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  }
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new Error(`ledger amount must be positive, got ${amount}`);
}
