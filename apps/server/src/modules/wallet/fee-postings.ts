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
 * An id H such that every posting with an id up to H is committed or rolled back: a read from now on sees all
 * of them that will ever exist, so a consumer that has examined every posting up to H it can see may move its
 * cursor to H. Posting ids are taken inside INSERTs into ledger_postings, which hold the table's ROW EXCLUSIVE
 * lock from before the id is taken until their transaction ends; the SHARE lock here waits for those
 * transactions and is let go at once (a few milliseconds every few seconds, never during a long transaction:
 * `lock_timeout`). Null when the lock was not had in time: the cursor stays where it is this time.
 */
export async function visiblePostingHorizon(db: Db, timeoutMs = 250): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${Math.trunc(timeoutMs)}ms'`));
      await tx.execute(sql`lock table ledger_postings in share mode`);
      const result = (await tx.execute(
        sql`select coalesce(max(id), 0)::text as horizon from ledger_postings`,
      )) as unknown as Rows<{ horizon: string }>;
      return Number(result.rows[0]!.horizon);
    });
  } catch (err) {
    if ((err as { code?: unknown; cause?: { code?: unknown } }).code === LOCK_NOT_AVAILABLE) return null;
    if ((err as { cause?: { code?: unknown } }).cause?.code === LOCK_NOT_AVAILABLE) return null;
    throw err;
  }
}

const LOCK_NOT_AVAILABLE = '55P03';
