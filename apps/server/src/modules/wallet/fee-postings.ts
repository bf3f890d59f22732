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
 * out, so a posting committed late under a lower id is still found. `after`: postings up to that id are
 * known to be examined (the consumer's cursor, see `visiblePostingHorizon`) and are not read at all.
 */
export async function unprocessedFeePostings(
  db: Db,
  limit: number,
  examined: { table: string; postingIdColumn: string },
  after = 0,
): Promise<FeePosting[]> {
  const seen = sql.identifier(examined.table);
  const seenId = sql.identifier(examined.postingIdColumn);
  const result = (await db.execute(sql`
    select p.id::text as posting_id, p.transaction_id::text as transaction_id, t.kind, p.currency,
           p.available_delta::text as amount,
           (select string_agg(x.user_id::text, ',') from (
              -- the transaction's own postings first (by its index), then their accounts: the other way round
              -- the planner may scan every user account's postings for each fee
              select a2.user_id from (
                select p2.account_id, sum(p2.available_delta + p2.frozen_delta) as delta from ledger_postings p2
                where p2.transaction_id = p.transaction_id and p2.currency = p.currency
                group by p2.account_id
              ) s
              join ledger_accounts a2 on a2.id = s.account_id
              where a2.owner_kind = 'user'
              group by a2.user_id
              having sum(s.delta) < 0
           ) x) as payers
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where a.owner_kind = 'system' and a.system_name = 'fees' and p.available_delta > 0 and p.id > ${after}
      and not exists (select 1 from ${seen} r where r.${seenId} = p.id)
    order by p.id
    limit ${limit}`)) as unknown as Rows<{
    posting_id: string;
    transaction_id: string;
    kind: string;
    currency: string;
    amount: string;
    payers: string | null;
  }>;
  return result.rows.map((r) => {
    const payers = r.payers ? r.payers.split(',') : [];
    return {
      postingId: Number(r.posting_id),
      transactionId: Number(r.transaction_id),
      kind: r.kind,
      currency: r.currency,
      amount: BigInt(r.amount),
      payerUserId: payers.length === 1 ? Number(payers[0]) : null,
    };
  });
}

/**
 * A horizon for a consumer's cursor over the postings, taken without waiting for anybody: `upTo` is the last
 * posting id given out so far, and `writers` the transactions that hold the journal's insert lock right after.
 * Posting ids are taken inside INSERTs into ledger_postings, which hold that lock (ROW EXCLUSIVE) from before
 * the id is taken until their transaction ends; so a posting with an id up to `upTo` that is not visible yet
 * belongs to one of `writers`. Once none of them is running (`horizonSettled`), every posting up to `upTo` is
 * committed or rolled back, and a consumer that has then examined every posting it sees may move its cursor
 * to `upTo`.
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
