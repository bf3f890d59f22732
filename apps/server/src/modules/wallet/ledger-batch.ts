import { sql, type SQL } from 'drizzle-orm';
import { PREPARED, type Db } from '../../platform/db/database.ts';
import {
  insufficientBalance,
  keyOf,
  mayGoNegative,
  netChanges,
  ownerOf,
  walletOf,
  type AccountRef,
  type Entry,
} from './ledger-types.ts';

/**
 * The batched write path of the ledger (docs/decisions/0009-batched-ledger.md).
 *
 * A batch lives inside one database transaction. It holds a working set of the accounts it touches: their
 * ids are resolved (and the accounts created at zero) once, their rows locked once with one
 * `SELECT … FOR UPDATE` in id order, and every entry is decided IN MEMORY against those locked balances — a
 * refusal (INSUFFICIENT_BALANCE) throws before the entry changes anything, so the caller can fail that one
 * command and go on. `flush()` then writes every entry of the batch with ONE statement: a multi-row insert of
 * the transactions and of their postings and one net update per account. The database CHECKs and the
 * deferred balance trigger still guard every row: the in-memory decision is the fast path, not the only one.
 */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const p = (value: unknown) => sql.param(value);
const FOREIGN_KEY_VIOLATION = '23503';
/** The SQLSTATE of a failed query, whether the driver's error arrives bare or wrapped by the query builder. */
function postgresCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Account ids by natural key, kept for the life of the process (an account's id never changes). Only ids read
 * as committed rows go in: an account a batch creates itself stays in that batch until its transaction
 * commits (see `LedgerBatch.created`), so a concurrent batch never holds an id that a rollback can take away.
 * Every lock still verifies the rows it gets back against their keys and forgets what does not match.
 */
export class AccountIdCache {
  private readonly ids = new Map<string, number>();
  get(key: string): number | undefined {
    return this.ids.get(key);
  }
  set(key: string, id: number): void {
    this.ids.set(key, id);
  }
  forget(key: string): void {
    this.ids.delete(key);
  }
}

/** An account of the working set: balance as it stands in this batch, and the net change not yet written. */
interface Held {
  ref: AccountRef;
  key: string;
  id: number;
  /** false: touched only by entries that cannot overdraw it (see `credit`); locked and checked in flush(). */
  locked: boolean;
  available: bigint;
  frozen: bigint;
  dAvailable: bigint;
  dFrozen: bigint;
}

/** A locked account row as the lock statement returns it (numbers may arrive as text). */
interface LockedRow {
  id: number | string;
  owner: string;
  currency: string;
  wallet: string;
  available: string | bigint | number;
  frozen: string | bigint | number;
}

/** The same rows as parallel arrays, when the lock shares its statement with the caller's query. */
interface LockedArrays {
  lock_id: string[];
  lock_owner: string[];
  lock_currency: string[];
  lock_wallet: string[];
  lock_available: string[];
  lock_frozen: string[];
}

/**
 * An account's balance as the group before this one left it (in memory, that group still committing): what a
 * speculative lock starts from instead of reading it (see `LedgerBatch.lockAhead`).
 */
export interface Carried {
  ref: AccountRef;
  id: number;
  available: bigint;
  frozen: bigint;
}

/**
 * A speculative lock found a balance other than the one the batch was decided against (another transaction
 * changed the account between the two): the batch must roll back and be decided again, locked the ordinary way.
 */
export class SpeculationMissed extends Error {
  constructor(key: string) {
    super(`ledger: ${key} changed under a speculative batch`);
  }
}

interface Pending {
  kind: string;
  reference: string | null;
  memo: string | null;
  createdAt: string;
  postings: Array<{ key: string; currency: string; available: bigint; frozen: bigint }>;
}

export class LedgerBatch {
  private readonly tx: Db;
  private readonly cache: AccountIdCache;
  private readonly now: () => number;
  private readonly held = new Map<string, Held>();
  /**
   * Accounts this batch's own transaction inserted: uncommitted, so invisible to every other transaction and
   * gone if this one rolls back. Kept out of the shared cache; other batches find them by lookup once committed.
   */
  private readonly created = new Map<string, number>();
  private entries: Pending[] = [];
  /**
   * A speculative batch only: the balances it was decided against, by key, until its lock confirms them (see
   * `lockAhead`, `confirm`, `confirmStatement`).
   */
  private assumed: Map<string, { available: bigint; frozen: bigint }> | null = null;
  /**
   * The accounts an applied entry took from (a negative change of frozen, or of available where it may not go
   * negative): the only ones whose balance a decision of this batch depended on. An account it only credited
   * (the fees account, a maker's proceeds) is updated by its net change whatever its balance, so a speculative
   * batch need not find it unchanged.
   */
  private readonly debited = new Set<string>();
  /** A speculative batch only: the balances the batch before leaves (see `lockAhead`). */
  private carried: ReadonlyMap<string, Carried> | null = null;
  /** The users whose balances an applied entry changed (told to the channels once the transaction commits). */
  readonly users = new Set<number>();

  /**
   * Where a missing account is created. On a PostgreSQL server: outside the batch's transaction, committed at
   * once on a connection of its own (`Database.autocommit`), so no transaction ever holds an uncommitted account row while it waits
   * for a lock another one holds (two transfers that both need a user's first futures account deadlocked that
   * way). Null on the embedded database, whose transactions run one at a time: created inside the batch.
   */
  private readonly createApart: Db | null;

  constructor(tx: Db, cache: AccountIdCache, now: () => number, createApart: Db | null = null) {
    this.tx = tx;
    this.createApart = createApart;
    this.cache = cache;
    this.now = now;
  }

  /** Entries applied and not yet flushed. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Adds accounts to the working set: resolves their ids (creating missing accounts at zero) and locks every
   * one not yet locked with one `SELECT … FOR UPDATE` in id order (so two batches never wait on each other
   * in a cycle when each locks once). Accounts already locked are not read again.
   *
   * `known` are accounts the caller expects to credit: they are locked in the same statement when their id is
   * already known (never created for it), so flush() need not lock them in a second round trip. `alongside`
   * is a one-row SELECT the caller needs in the same transaction at the same moment (the spot group's order
   * ids and client-id check): it runs in the lock's statement and its row is returned.
   */
  async lock<T extends object = Record<string, unknown>>(
    refs: AccountRef[],
    options: { known?: AccountRef[]; alongside?: SQL } = {},
  ): Promise<T | undefined> {
    const wanted = new Map<string, AccountRef>();
    for (const ref of refs) {
      const key = keyOf(ref);
      if (!this.held.get(key)?.locked) wanted.set(key, ref);
    }
    for (const ref of options.known ?? []) {
      const key = keyOf(ref);
      if (!this.held.get(key)?.locked && this.idOf(key) !== undefined) wanted.set(key, ref);
    }
    let alongside = options.alongside;
    let extra: T | undefined;
    if (!wanted.size && !alongside) return undefined;
    for (let attempt = 0; ; attempt++) {
      await this.resolve([...wanted.values()]);
      const ids = [...wanted.keys()].map((k) => this.idOf(k)!);
      const read = await this.readAccounts<T>(ids, alongside, true);
      const found = read.found;
      if (alongside) {
        extra = read.extra;
        // the caller's part ran once; a second attempt (stale ids) only locks
        alongside = undefined;
      }
      const byId = new Map(found.map((r) => [Number(r.id), r]));
      let stale = false;
      for (const [key, ref] of wanted) {
        const id = this.idOf(key)!;
        const row = byId.get(id);
        if (!row || `${row.owner}|${row.currency}|${row.wallet}` !== key) {
          // an id from a rolled-back transaction: look it up again
          this.cache.forget(key);
          stale = true;
          continue;
        }
        const prior = this.held.get(key);
        // deltas recorded before the lock (credits) stay; the balance is the locked row plus them
        const dAvailable = prior?.dAvailable ?? 0n;
        const dFrozen = prior?.dFrozen ?? 0n;
        this.held.set(key, {
          ref,
          key,
          id,
          locked: true,
          available: BigInt(row.available) + dAvailable,
          frozen: BigInt(row.frozen) + dFrozen,
          dAvailable,
          dFrozen,
        });
        wanted.delete(key);
      }
      if (!stale) return extra;
      if (attempt > 2) throw new Error('ledger: account ids keep changing under the batch');
    }
  }

  /**
   * `lock()` for a batch that runs while the one before it still commits (the spot group commit's pipeline,
   * docs/decisions/0009-batched-ledger.md). The accounts that batch held are taken from `carried` — their
   * balances as it leaves them — and the others are read without waiting (with `alongside`, as in lock()); the
   * batch is decided against these at once and locks nothing yet. Before anything is written, `confirm()` (or
   * `confirmStatement()` first in the transaction's tail) locks all of them in one `SELECT … FOR UPDATE` in id
   * order, which the database grants once the batch before has committed, and checks that the accounts it took
   * from have the balances assumed, or fails (SpeculationMissed).
   */
  async lockAhead<T extends object = Record<string, unknown>>(
    refs: AccountRef[],
    carried: ReadonlyMap<string, Carried>,
    options: { known?: AccountRef[]; alongside?: SQL } = {},
  ): Promise<T | undefined> {
    if (this.held.size || this.entries.length) throw new Error('ledger: lockAhead must open its batch');
    const wanted = new Map<string, AccountRef>();
    for (const ref of refs) wanted.set(keyOf(ref), ref);
    for (const ref of options.known ?? []) {
      const key = keyOf(ref);
      if (carried.has(key) || this.idOf(key) !== undefined) wanted.set(key, ref);
    }
    await this.resolve([...wanted.values()].filter((r) => !carried.has(keyOf(r))));
    const assumed = new Map<string, { available: bigint; frozen: bigint }>();
    const take = (key: string, ref: AccountRef, id: number, available: bigint, frozen: bigint) => {
      this.held.set(key, { ref, key, id, locked: true, available, frozen, dAvailable: 0n, dFrozen: 0n });
      assumed.set(key, { available, frozen });
    };
    const read: Array<[string, AccountRef]> = [];
    for (const [key, ref] of wanted) {
      const c = carried.get(key);
      if (c) take(key, ref, c.id, c.available, c.frozen);
      else read.push([key, ref]);
    }
    const { found, extra } = await this.readAccounts<T>(
      read.map(([key]) => this.idOf(key)!),
      options.alongside,
      false,
    );
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    for (const [key, ref] of read) {
      const id = this.idOf(key)!;
      const row = byId.get(id);
      if (!row || `${row.owner}|${row.currency}|${row.wallet}` !== key) {
        // an id from a rolled-back transaction: the ordinary lock finds it again
        this.cache.forget(key);
        throw new SpeculationMissed(key);
      }
      take(key, ref, id, BigInt(row.available), BigInt(row.frozen));
    }
    this.assumed = assumed;
    this.carried = carried;
    return extra;
  }

  /**
   * A speculative batch: locks every account it holds (one statement, id order; granted once the batch before has
   * committed) and checks that each one it took from has the balance assumed, or throws SpeculationMissed.
   */
  async confirm(): Promise<void> {
    const assumed = this.assumed;
    if (!assumed) return;
    this.assumed = null;
    const ids = [...assumed.keys()].map((key) => String(this.held.get(key)!.id));
    const locked = await rows<LockedRow>(
      this.tx,
      sql`${PREPARED}select id, owner, currency, wallet, available, frozen from ledger_accounts
          where id = any(${p(ids)}::bigint[]) order by id for update`,
    );
    const byId = new Map(locked.map((r) => [Number(r.id), r]));
    for (const [key, was] of assumed) {
      if (!this.debited.has(key)) continue;
      const row = byId.get(this.held.get(key)!.id);
      if (!row || BigInt(row.available) !== was.available || BigInt(row.frozen) !== was.frozen) {
        throw new SpeculationMissed(key);
      }
    }
  }

  /**
   * `confirm()` as one statement for the first place of a transaction's tail (platform/db/tail-commit.ts), so it
   * runs in the database right after the batch before instead of a round trip later: `ledger_confirm_after`
   * (migration 202611280100) waits for the batch before to end — `after`: the advisory lock (`lockKey`, `seq`) its
   * transaction took in its first statement, and its transaction id — and fails with SQLSTATE TM001 unless it
   * committed; then it locks the accounts in id order and fails with TM001 unless each one the batch took from has
   * the balance assumed (see `debited`).
   */
  confirmStatement(after: { lockKey: number; seq: number; xid: string }): SQL {
    const assumed = this.assumed ?? new Map<string, { available: bigint; frozen: bigint }>();
    this.assumed = null;
    const locks: string[] = [];
    const ids: string[] = [];
    const available: string[] = [];
    const frozen: string[] = [];
    for (const [key, was] of assumed) {
      const id = String(this.held.get(key)!.id);
      locks.push(id);
      if (!this.debited.has(key)) continue;
      ids.push(id);
      available.push(was.available.toString());
      frozen.push(was.frozen.toString());
    }
    return sql`${PREPARED}select ledger_confirm_after(${p(after.lockKey)}::int, ${p(after.seq)}::int,
        ${p(after.xid)}::xid8, ${p(locks)}::bigint[], ${p(ids)}::bigint[], ${p(available)}::bigint[],
        ${p(frozen)}::bigint[])`;
  }

  /**
   * The balances of the accounts this batch holds locked, as its entries leave them: what the next batch of a
   * pipeline starts from while this one commits. Call after `lockCredited()`, before the batch is written.
   */
  carry(): Map<string, Carried> {
    const out = new Map<string, Carried>();
    for (const h of this.held.values()) {
      if (h.locked) out.set(h.key, { ref: h.ref, id: h.id, available: h.available, frozen: h.frozen });
    }
    return out;
  }

  /** The balance of a locked account as it stands in this batch (entries applied, flushed or not). */
  balanceOf(ref: AccountRef): { available: bigint; frozen: bigint } {
    const h = this.held.get(keyOf(ref));
    if (!h?.locked) throw new Error(`ledger: account ${keyOf(ref)} is not locked in this batch`);
    return { available: h.available, frozen: h.frozen };
  }

  /**
   * Applies one balanced entry to the working set. Every account it takes from must be locked; an entry that
   * would make a balance negative throws INSUFFICIENT_BALANCE and changes nothing.
   *
   * `credit` lists accounts that may be touched WITHOUT being locked yet: the caller guarantees the entry
   * cannot overdraw them (a credit, or funds the caller itself holds frozen, e.g. a resting order's reserve).
   * Their net change is kept and checked when flush() locks them; a break there is a bug and fails the batch.
   */
  apply(entry: Entry, credit?: { has(key: string): boolean }): void {
    const changes = netChanges(entry);
    for (const c of changes) {
      const h = this.held.get(c.key);
      if (h?.locked) {
        if (h.frozen + c.frozen < 0n || (h.available + c.available < 0n && !mayGoNegative(c.ref))) {
          // the caller promised this change cannot overdraw: a break is a bug that fails the batch (as flush()
          // would if the account had not been locked yet), never a refusal of one command mid-way
          if (credit?.has(c.key))
            throw new Error(`ledger: a credit-only change overdrew ${c.key}: a caller broke its promise`);
          throw insufficientBalance(c.ref);
        }
      } else if (!credit?.has(c.key)) {
        throw new Error(`ledger: entry ${entry.kind} touches ${c.key}, which is not locked in this batch`);
      }
    }
    for (const c of changes) {
      // exactly the changes the check above decides on
      if (c.frozen < 0n || (c.available < 0n && !mayGoNegative(c.ref))) this.debited.add(c.key);
      let h = this.held.get(c.key);
      if (!h) {
        h = { ref: c.ref, key: c.key, id: 0, locked: false, available: 0n, frozen: 0n, dAvailable: 0n, dFrozen: 0n };
        this.held.set(c.key, h);
      }
      h.available += c.available;
      h.frozen += c.frozen;
      h.dAvailable += c.available;
      h.dFrozen += c.frozen;
      if ('userId' in c.ref) this.users.add(c.ref.userId);
    }
    this.entries.push({
      kind: entry.kind,
      reference: entry.reference ?? null,
      memo: entry.memo ?? null,
      createdAt: new Date(this.now()).toISOString(),
      postings: changes.map((c) => ({
        key: c.key,
        currency: c.ref.currency,
        available: c.available,
        frozen: c.frozen,
      })),
    });
  }

  /**
   * One statement: the accounts' rows in id order — locked (`FOR UPDATE`) or only read — with the caller's
   * one-row `alongside` query when there is one.
   */
  private async readAccounts<T>(
    ids: number[],
    alongside: SQL | undefined,
    lock: boolean,
  ): Promise<{ found: LockedRow[]; extra: T | undefined }> {
    const forUpdate = lock ? sql` for update` : sql``;
    if (!alongside) {
      if (!ids.length) return { found: [], extra: undefined };
      const found = await rows<LockedRow>(
        this.tx,
        sql`${PREPARED}select id, owner, currency, wallet, available, frozen from ledger_accounts
            where id = any(${p(ids.map(String))}::bigint[]) order by id${forUpdate}`,
      );
      return { found, extra: undefined };
    }
    const [row] = await rows<LockedArrays & T>(
      this.tx,
      sql`${PREPARED}with l as (
            select id, owner, currency, wallet, available, frozen from ledger_accounts
            where id = any(${p(ids.map(String))}::bigint[]) order by id${forUpdate}
          )
          select k.*, x.* from (
            select coalesce(array_agg(id::text), '{}') as lock_id, coalesce(array_agg(owner), '{}') as lock_owner,
                   coalesce(array_agg(currency), '{}') as lock_currency, coalesce(array_agg(wallet), '{}') as lock_wallet,
                   coalesce(array_agg(available::text), '{}') as lock_available,
                   coalesce(array_agg(frozen::text), '{}') as lock_frozen
            from l
          ) k, (${alongside}) x`,
    );
    const found = row!.lock_id.map((id, i) => ({
      id,
      owner: row!.lock_owner[i]!,
      currency: row!.lock_currency[i]!,
      wallet: row!.lock_wallet[i]!,
      available: row!.lock_available[i]!,
      frozen: row!.lock_frozen[i]!,
    }));
    return { found, extra: row };
  }

  /** Locks the entry's accounts (one statement when any is new to the batch), then applies it. */
  async post(entry: Entry): Promise<void> {
    await this.lock(entry.movements.map((m) => m.account));
    this.apply(entry);
  }

  /**
   * Locks (in id order) the accounts entries credited without locking them, and checks them: flush() does it
   * first; a pipeline calls it before `carry()`, so the next batch starts from every account this one holds.
   */
  async lockCredited(): Promise<void> {
    const unlocked = [...this.held.values()].filter((h) => !h.locked);
    if (!unlocked.length) return;
    if (this.assumed) await this.readAssumed(unlocked);
    else await this.lock(unlocked.map((h) => h.ref));
    for (const h of unlocked) {
      const now = this.held.get(h.key)!;
      if (now.frozen < 0n || (now.available < 0n && !mayGoNegative(now.ref))) {
        throw new Error(`ledger: a credit-only change overdrew ${h.key}: a caller broke its promise`);
      }
    }
  }

  /**
   * A speculative batch's credited accounts: read without waiting, as lockAhead reads, and added to the balances
   * its confirmation locks and checks — a lock now, before the batch before has ended, could wait on it in a cycle.
   */
  private async readAssumed(unlocked: Held[]): Promise<void> {
    const take = (h: Held, id: number, available: bigint, frozen: bigint) => {
      this.held.set(h.key, { ...h, id, locked: true, available: available + h.dAvailable, frozen: frozen + h.dFrozen });
      this.assumed!.set(h.key, { available, frozen });
    };
    // the batch before may hold it: its balance is the one that batch leaves, not the one committed now
    const read: Held[] = [];
    for (const h of unlocked) {
      const c = this.carried?.get(h.key);
      if (c) take(h, c.id, c.available, c.frozen);
      else read.push(h);
    }
    if (!read.length) return;
    await this.resolve(read.map((h) => h.ref));
    const { found } = await this.readAccounts<never>(
      read.map((h) => this.idOf(h.key)!),
      undefined,
      false,
    );
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    for (const h of read) {
      const id = this.idOf(h.key)!;
      const row = byId.get(id);
      if (!row || `${row.owner}|${row.currency}|${row.wallet}` !== h.key) {
        this.cache.forget(h.key);
        throw new SpeculationMissed(h.key);
      }
      take(h, id, BigInt(row.available), BigInt(row.frozen));
    }
  }

  /**
   * Writes every applied entry in one statement: the journal transactions, their postings and one net update
   * per account. Accounts touched unlocked (credits) are locked first, in id order, and checked. Returns the
   * journal transaction ids in the order the entries were applied.
   */
  async flush(): Promise<number[]> {
    return (await this.flushWith()).ids;
  }

  /**
   * flush(), and in the same statement the caller's own writes: `also.ctes` are further data-modifying CTEs
   * (`name as (…), …`) and `also.columns` the columns they return in the one result row. Nothing to journal:
   * nothing written, and `row` is undefined (the caller writes alone).
   */
  async flushWith<T extends object = Record<string, unknown>>(also?: {
    ctes: SQL;
    columns: SQL;
  }): Promise<{ ids: number[]; row: T | undefined }> {
    if (!this.entries.length) return { ids: [], row: undefined };
    await this.lockCredited();
    return this.flushVia<T>((query) => rows(this.tx, query), also);
  }

  /**
   * flushWith() with its statement handed to `send` at once, before this returns (a transaction's tail,
   * platform/db/tail-commit.ts, keeps it for the COMMIT). Every account must be locked already (`lockCredited()`).
   */
  flushVia<T extends object = Record<string, unknown>>(
    send: (query: SQL) => Promise<object[]>,
    also?: { ctes: SQL; columns: SQL },
  ): Promise<{ ids: number[]; row: T | undefined }> {
    if (!this.entries.length) return Promise.resolve({ ids: [], row: undefined });
    for (const h of this.held.values()) {
      if (!h.locked) throw new Error(`ledger: ${h.key} is not locked: lockCredited() before flushVia()`);
    }
    const kinds: string[] = [];
    const references: Array<string | null> = [];
    const memos: Array<string | null> = [];
    const times: string[] = [];
    const pOrd: string[] = [];
    const pAccount: string[] = [];
    const pCurrency: string[] = [];
    const pAvailable: string[] = [];
    const pFrozen: string[] = [];
    this.entries.forEach((e, i) => {
      kinds.push(e.kind);
      references.push(e.reference);
      memos.push(e.memo);
      times.push(e.createdAt);
      for (const posting of e.postings) {
        pOrd.push(String(i + 1));
        pAccount.push(String(this.held.get(posting.key)!.id));
        pCurrency.push(posting.currency);
        pAvailable.push(posting.available.toString());
        pFrozen.push(posting.frozen.toString());
      }
    });
    const dId: string[] = [];
    const dAvailable: string[] = [];
    const dFrozen: string[] = [];
    for (const h of [...this.held.values()].sort((a, b) => a.id - b.id)) {
      if (h.dAvailable === 0n && h.dFrozen === 0n) continue;
      dId.push(String(h.id));
      dAvailable.push(h.dAvailable.toString());
      dFrozen.push(h.dFrozen.toString());
    }
    // e maps each entry's ordinal to a fresh journal id (nextval per row, materialised once), so postings
    // find their transaction by ordinal and nothing relies on the order rows are inserted or returned in.
    // The identity column's sequence by its name (PostgreSQL names it <table>_<column>_seq): looked up through
    // pg_get_serial_sequence it cost a catalog lookup per row, 3.7 µs each, ~12 µs of every order's write.
    const sent = send(
      sql`${PREPARED}with e as materialized (
            select s.ord, nextval('ledger_transactions_id_seq') as id,
                   s.kind, s.reference, s.memo, s.created_at
            from unnest(${p(kinds)}::text[], ${p(references)}::text[], ${p(memos)}::text[],
                        ${p(times)}::timestamptz[]) with ordinality as s(kind, reference, memo, created_at, ord)
          ),
          t as (
            insert into ledger_transactions (id, kind, reference, memo, created_at) overriding system value
            select id, kind, reference, memo, created_at from e
          ),
          ps as (
            insert into ledger_postings (transaction_id, account_id, currency, available_delta, frozen_delta)
            select e.id, x.account_id, x.currency, x.available_delta, x.frozen_delta
            from unnest(${p(pOrd)}::bigint[], ${p(pAccount)}::bigint[], ${p(pCurrency)}::text[],
                        ${p(pAvailable)}::bigint[], ${p(pFrozen)}::bigint[])
                   as x(ord, account_id, currency, available_delta, frozen_delta)
            join e on e.ord = x.ord
          ),
          u as (
            update ledger_accounts a
            set available = a.available + d.available_delta, frozen = a.frozen + d.frozen_delta
            from unnest(${p(dId)}::bigint[], ${p(dAvailable)}::bigint[], ${p(dFrozen)}::bigint[])
                   as d(id, available_delta, frozen_delta)
            where a.id = d.id
          )${also ? sql`, ${also.ctes}` : sql``}
          select (select coalesce(array_agg(id order by ord), '{}') from e) as ids${also ? sql`, ${also.columns}` : sql``}`,
    );
    for (const h of this.held.values()) {
      h.dAvailable = 0n;
      h.dFrozen = 0n;
    }
    this.entries = [];
    return sent.then((found) => {
      const result = found[0] as { ids: Array<number | string> } & T;
      return { ids: result.ids.map(Number), row: also ? result : undefined };
    });
  }

  /**
   * Creates accounts committed apart; committed before the lookup after it runs, which therefore sees them (read
   * committed). False when an owner exists only in this transaction (a user created in it): nobody else can see
   * that user, so nobody races for their accounts, and they are created inside the transaction instead.
   */
  private async createdApart(insert: ReturnType<typeof sql>): Promise<boolean> {
    try {
      await this.createApart!.execute(insert);
      return true;
    } catch (err) {
      if (postgresCode(err) === FOREIGN_KEY_VIOLATION) return false;
      throw err;
    }
  }

  private idOf(key: string): number | undefined {
    return this.created.get(key) ?? this.cache.get(key);
  }

  /**
   * Resolves ids: one select for the unknown ones, then an insert of the missing accounts. A concurrent insert
   * of the same account waits for the other transaction: if it commits, the lookup after finds its row; if it
   * rolls back, this insert creates the account.
   */
  private async resolve(refs: AccountRef[]): Promise<void> {
    const unknown = refs.filter((r) => this.idOf(keyOf(r)) === undefined);
    if (!unknown.length) return;
    type Found = { id: number | string; owner: string; currency: string; wallet: string };
    const lookup = (want: AccountRef[]) =>
      rows<Found>(
        this.tx,
        sql`select a.id, a.owner, a.currency, a.wallet from ledger_accounts a
            join unnest(${p(want.map(ownerOf))}::text[], ${p(want.map((r) => r.currency))}::text[],
                        ${p(want.map(walletOf))}::text[]) as k(owner, currency, wallet)
              on a.owner = k.owner and a.currency = k.currency and a.wallet = k.wallet`,
      );
    const keyOfRow = (r: Found) => `${r.owner}|${r.currency}|${r.wallet}`;
    // rows another transaction can see are committed ones: safe to share
    for (const r of await lookup(unknown)) this.cache.set(keyOfRow(r), Number(r.id));
    const missing = unknown.filter((r) => this.idOf(keyOf(r)) === undefined);
    if (!missing.length) return;
    const insert = sql`insert into ledger_accounts (owner, owner_kind, user_id, system_name, currency, wallet)
          select * from unnest(${p(missing.map(ownerOf))}::text[],
                               ${p(missing.map((r) => ('userId' in r ? 'user' : 'system')))}::text[],
                               ${p(missing.map((r) => ('userId' in r ? String(r.userId) : null)))}::bigint[],
                               ${p(missing.map((r) => ('system' in r ? r.system : null)))}::text[],
                               ${p(missing.map((r) => r.currency))}::text[],
                               ${p(missing.map(walletOf))}::text[])
          on conflict do nothing
          returning id, owner, currency, wallet`;
    if (!this.createApart || !(await this.createdApart(insert))) {
      for (const r of await rows<Found>(this.tx, insert)) this.created.set(keyOfRow(r), Number(r.id));
    }
    const rest = missing.filter((r) => this.idOf(keyOf(r)) === undefined);
    if (rest.length) for (const r of await lookup(rest)) this.cache.set(keyOfRow(r), Number(r.id));
    for (const r of missing) {
      if (this.idOf(keyOf(r)) === undefined) throw new Error(`ledger: could not create account ${keyOf(r)}`);
    }
  }
}
