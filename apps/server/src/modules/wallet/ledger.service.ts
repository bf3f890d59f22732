import { and, eq, inArray, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, type UserWallet } from './ledger.schema.ts';

/**
 * System accounts are ordinary accounts (DESIGN.md §1) so every currency sums to zero:
 * - outside_world: the mirror of the chains and of the platform's own capital (the only account
 *   that may be negative: −(everything that came in) + (everything that went out));
 * - hot_wallet: withdrawals on their way out (approved, not yet confirmed on chain);
 * - fees, insurance_fund, cycle_pool, staking_interest: what their names say;
 * - convert_desk: the platform's inventory that is the counterparty of every convert;
 * - futures_clearing: the margin of open futures positions and the P&L settled between them.
 */
export const SYSTEM_ACCOUNTS = [
  'outside_world',
  'hot_wallet',
  'fees',
  'insurance_fund',
  'cycle_pool',
  'staking_interest',
  'convert_desk',
  'futures_clearing',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef =
  { userId: number; currency: string; wallet: UserWallet } | { system: SystemAccount; currency: string };

/** A change of one account: positive adds, negative takes. */
export interface Movement {
  account: AccountRef;
  available?: bigint;
  frozen?: bigint;
}

export interface Entry {
  kind: string;
  /** What caused it, e.g. "withdrawal:12" (searchable). */
  reference?: string;
  memo?: string;
  movements: Movement[];
}

export interface Balance {
  currency: string;
  wallet: string;
  available: bigint;
  frozen: bigint;
}

/** The spec's insufficient-balance refusal; `account` says whose balance was short. */
export class InsufficientBalance extends AppError {
  readonly account: AccountRef | undefined;
  constructor(account?: AccountRef) {
    super(400, 'INSUFFICIENT_BALANCE', 'wallet.insufficientBalance');
    this.account = account;
  }
}
export const insufficientBalance = (account?: AccountRef) => new InsufficientBalance(account);

const ownerOf = (a: AccountRef) => ('userId' in a ? `u:${a.userId}` : `s:${a.system}`);
const walletOf = (a: AccountRef) => ('userId' in a ? a.wallet : 'system');
const keyOf = (a: AccountRef) => `${ownerOf(a)}|${a.currency}|${walletOf(a)}`;
/** Accounts allowed below zero (see SYSTEM_ACCOUNTS); the database CHECK says the same. */
const mayGoNegative = (a: AccountRef) => 'system' in a && a.system === 'outside_world';

/**
 * The double-entry ledger. Every balance change is one balanced journal transaction written in the
 * caller's database transaction: accounts are locked (SELECT … FOR UPDATE, in id order so two
 * transactions never wait on each other in a cycle), checked, journaled and updated together.
 * Published as `ctx.services.ledger`.
 */
export class LedgerService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock = systemClock) {
    this.db = db;
    this.clock = clock;
  }

  /** Runs `fn` in one database transaction (the unit every money command commits in). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }

  /** Writes one balanced entry; refuses (INSUFFICIENT_BALANCE) anything that would go negative. */
  async post(tx: Db, entry: Entry): Promise<{ transactionId: number }> {
    const sums = new Map<string, bigint>();
    const byKey = new Map<string, { ref: AccountRef; available: bigint; frozen: bigint }>();
    for (const m of entry.movements) {
      const available = m.available ?? 0n;
      const frozen = m.frozen ?? 0n;
      sums.set(m.account.currency, (sums.get(m.account.currency) ?? 0n) + available + frozen);
      const k = keyOf(m.account);
      const cur = byKey.get(k) ?? { ref: m.account, available: 0n, frozen: 0n };
      cur.available += available;
      cur.frozen += frozen;
      byKey.set(k, cur);
    }
    for (const [currency, sum] of sums) {
      // a bug, never a user error: refuse loudly (the database would refuse it at commit too)
      if (sum !== 0n) throw new Error(`unbalanced ledger entry ${entry.kind}: ${currency} sums to ${sum}`);
    }
    const changes = [...byKey.values()].filter((c) => c.available !== 0n || c.frozen !== 0n);
    if (!changes.length) throw new Error(`empty ledger entry ${entry.kind}`);

    const ids = new Map<string, number>();
    for (const c of changes) ids.set(keyOf(c.ref), await this.accountId(tx, c.ref));
    const ordered = changes.map((c) => ({ ...c, id: ids.get(keyOf(c.ref))! })).sort((a, b) => a.id - b.id);
    for (const c of ordered) {
      const [row] = await tx
        .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, c.id))
        .for('update');
      const available = BigInt(row!.available) + c.available;
      const frozen = BigInt(row!.frozen) + c.frozen;
      if (frozen < 0n || (available < 0n && !mayGoNegative(c.ref))) throw insufficientBalance(c.ref);
    }

    const [txRow] = await tx
      .insert(ledgerTransactions)
      .values({
        kind: entry.kind,
        reference: entry.reference ?? null,
        memo: entry.memo ?? null,
        createdAt: new Date(this.clock.now()),
      })
      .returning({ id: ledgerTransactions.id });
    await tx.insert(ledgerPostings).values(
      ordered.map((c) => ({
        transactionId: txRow!.id,
        accountId: c.id,
        currency: c.ref.currency,
        availableDelta: c.available,
        frozenDelta: c.frozen,
      })),
    );
    for (const c of ordered) {
      await tx
        .update(ledgerAccounts)
        .set({
          available: sql`${ledgerAccounts.available} + ${c.available.toString()}::bigint`,
          frozen: sql`${ledgerAccounts.frozen} + ${c.frozen.toString()}::bigint`,
        })
        .where(eq(ledgerAccounts.id, c.id));
    }
    return { transactionId: txRow!.id };
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
    const id = await this.accountId(tx, ref);
    const [row] = await tx
      .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, id))
      .for('update');
    return { available: BigInt(row!.available), frozen: BigInt(row!.frozen) };
  }

  /** The balances of a user (every currency and wallet that has an account). */
  /** Whether an entry of this kind and reference was ever posted (one-time seed steps ask this). */
  async hasEntry(kind: string, reference: string, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)))
      .limit(1);
    return row !== undefined;
  }

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

  /** The id of an account, creating it at zero the first time it is used. */
  private async accountId(tx: Db, ref: AccountRef): Promise<number> {
    const owner = ownerOf(ref);
    const wallet = walletOf(ref);
    const where = and(
      eq(ledgerAccounts.owner, owner),
      eq(ledgerAccounts.currency, ref.currency),
      eq(ledgerAccounts.wallet, wallet),
    );
    const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (found) return found.id;
    await tx
      .insert(ledgerAccounts)
      .values({
        owner,
        ownerKind: 'userId' in ref ? 'user' : 'system',
        userId: 'userId' in ref ? ref.userId : null,
        systemName: 'system' in ref ? ref.system : null,
        currency: ref.currency,
        wallet,
      })
      .onConflictDoNothing();
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    return row!.id;
  }
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw new Error(`ledger amount must be positive, got ${amount}`);
}
