import { and, eq, inArray } from 'drizzle-orm';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AccountIdCache, LedgerBatch } from './ledger-batch.ts';
import { ledgerAccounts, ledgerTransactions } from './ledger.schema.ts';
import { ownerOf, walletOf, type AccountRef, type Balance, type Entry } from './ledger-types.ts';

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
  constructor(db: Db, clock: Clock = systemClock) {
    this.db = db;
    this.clock = clock;
  }

  /** Runs `fn` in one database transaction (the unit every money command commits in). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /**
   * A batch of entries in `tx`: accounts locked once, entries decided in memory, written by `flush()` in one
   * statement (see ledger-batch.ts). Use one batch per transaction for a group of commands.
   */
  batch(tx: Db): LedgerBatch {
    return new LedgerBatch(tx, this.ids, () => this.clock.now());
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
    return this.post(tx, {
      kind,
      reference,
      memo,
      movements: [
        { account: from, available: -amount },
        { account: to, available: amount },
      ],
    });
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
  ) {
    const total = to.reduce((s, x) => s + x.amount, 0n);
    positive(total);
    return this.post(tx, {
      kind,
      reference,
      movements: [
        { account: from, frozen: -total },
        ...to.filter((x) => x.amount !== 0n).map((x) => ({ account: x.account, available: x.amount })),
      ],
    });
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

  async accountsByIds(ids: number[], db: Db = this.db) {
    if (!ids.length) return [];
    return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  }
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new Error(`ledger amount must be positive, got ${amount}`);
}
