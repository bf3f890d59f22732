import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/**
 * The ledger's fee feed (read by the invite rewards through `LedgerService.unprocessedFeePostings`).
 *
 * A fee posting is a posting that credits the `fees` system account. Its payer is the one user
 * whose balances in that currency go down in the same journal transaction. The trading modules
 * post each fee as its own entry (payer → fees), which makes the payer exact; a fee folded into an
 * entry where several users lose that currency cannot be attributed and is reported as such.
 */
export interface FeePosting {
  postingId: number;
  transactionId: number;
  kind: string;
  currency: string;
  amount: bigint;
  /** null when no single user paid it */
  payerUserId: number | null;
}

type Rows<T> = { rows: T[] };

/**
 * Fee postings a consumer has not examined yet, oldest first. The consumer names the table and column
 * where it records each posting id it has examined (its own table): a posting with a row there is left
 * out. `after`: postings up to that id are known to be examined (the consumer's cursor, see `PostingHorizon`) and
 * are not read at all; `upTo`: none above that id is read (a settled horizon, under which every posting is visible).
 */
export async function unprocessedFeePostings(
  db: Db,
  limit: number,
  examined: { table: string; postingIdColumn: string },
  after = 0,
  upTo: number | null = null,
): Promise<FeePosting[]> {
  const seen = sql.identifier(examined.table);
  const seenId = sql.identifier(examined.postingIdColumn);
  // A consumer that runs every few seconds finds a backlog of thousands of fees and reads it in batches above
  // its cursor. The batch must come from the fees account's postings in id order (its index), stopping at the
  // limit. Left to itself the planner, which expects few unexamined postings, gathered the whole backlog with a
  // bitmap scan and sorted it, for every batch: 14 ms a batch of 200 under load, a quarter of the database's
  // time (measured with pg_stat_statements). For this statement only, it plans with ordered index scans and
  // nested loops, which keep the index order and stop at the limit.
  const fees = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true),
      set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
    const result = (await tx.execute(sql`
      select p.id::text as posting_id, p.transaction_id::text as transaction_id, t.kind, p.currency,
             p.available_delta::text as amount
      from ledger_accounts a
      cross join lateral (
        select p.id, p.transaction_id, p.currency, p.available_delta from ledger_postings p
        where p.account_id = a.id and p.id > ${after} and p.available_delta > 0
          ${upTo === null ? sql`` : sql`and p.id <= ${upTo}`}
          and not exists (select 1 from ${seen} r where r.${seenId} = p.id)
        order by p.id
        limit ${limit}
      ) p
      join ledger_transactions t on t.id = p.transaction_id
      where a.owner_kind = 'system' and a.system_name = 'fees'
      order by p.id
      limit ${limit}`)) as unknown as Rows<{
      posting_id: string;
      transaction_id: string;
      kind: string;
      currency: string;
      amount: string;
    }>;
    return result.rows;
  });
  if (!fees.length) return [];
  // the users whose balance in the fee's currency goes down in its transaction (the transactions' own postings,
  // through their index)
  const losers = (await db.execute(sql`
    select p.transaction_id::text as transaction_id, p.currency, a.user_id::text as user_id
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    where p.transaction_id = any(${sql.param([...new Set(fees.map((f) => f.transaction_id))])}::bigint[])
      and a.owner_kind = 'user'
    group by p.transaction_id, p.currency, a.user_id
    having sum(p.available_delta + p.frozen_delta) < 0`)) as unknown as Rows<{
    transaction_id: string;
    currency: string;
    user_id: string;
  }>;
  // the one user who paid each fee, or null when several did
  const payers = new Map<string, number | null>();
  for (const r of losers.rows) {
    const key = `${r.transaction_id}|${r.currency}`;
    payers.set(key, payers.has(key) ? null : Number(r.user_id));
  }
  return fees.map((r) => ({
    postingId: Number(r.posting_id),
    transactionId: Number(r.transaction_id),
    kind: r.kind,
    currency: r.currency,
    amount: BigInt(r.amount),
    payerUserId: payers.get(`${r.transaction_id}|${r.currency}`) ?? null,
  }));
}

/**
 * A horizon for a consumer's cursor over the postings, taken without waiting for anybody: `upTo` is the last
 * posting id given out so far, and `writers` the transactions that hold the journal's insert lock right after.
 * Posting ids are taken inside INSERTs into ledger_postings, which hold that lock (ROW EXCLUSIVE) from before
 * the id is taken until their transaction ends; so a posting with an id up to `upTo` that is not visible yet
 * belongs to one of `writers`. Once none of them is running (`horizonSettled`), every posting up to `upTo` is
 * committed or rolled back: a consumer that reads up to `upTo` in id order sees all of them, and may move its
 * cursor past each one it has examined.
 */
export interface PostingHorizon {
  upTo: number;
  writers: string[];
}

export async function postingHorizon(db: Db): Promise<PostingHorizon> {
  // the id first, the lock holders after: a writer that took an id up to it still holds the lock then
  const [seq] = (
    (await db.execute(sql`
      select coalesce(pg_sequence_last_value(pg_get_serial_sequence('ledger_postings', 'id')::regclass), 0)::text
        as up_to`)) as unknown as Rows<{ up_to: string }>
  ).rows;
  const holders = (await db.execute(sql`
    select distinct virtualtransaction as vxid from pg_locks
    where locktype = 'relation' and relation = 'ledger_postings'::regclass and mode = 'RowExclusiveLock'
      and granted`)) as unknown as Rows<{ vxid: string }>;
  return { upTo: Number(seq!.up_to), writers: holders.rows.map((r) => r.vxid) };
}

/** True when no transaction of the horizon's `writers` is still running. */
export async function horizonSettled(db: Db, horizon: PostingHorizon): Promise<boolean> {
  if (!horizon.writers.length) return true;
  const running = (await db.execute(sql`
    select 1 from pg_locks where locktype = 'virtualxid'
      and virtualxid = any(${sql.param(horizon.writers)}::text[]) limit 1`)) as unknown as Rows<unknown>;
  return running.rows.length === 0;
}
