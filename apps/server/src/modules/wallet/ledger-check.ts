import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { ledgerInvariants } from './ledger-invariants.ts';

export interface LedgerCheckResult {
  ok: boolean;
  accounts: number;
  transactions: number;
  /** Every break found, in words (empty when ok). */
  problems: string[];
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * Reconciliation (DESIGN.md §5): every balance equals the sum of its postings, every journal
 * transaction and every currency sums to zero, and nothing is negative except the outside world;
 * then every registered identity between the ledger and the modules' records (ledger-invariants.ts:
 * the futures clearing identity, the cycle pool's exposure). Reads one consistent snapshot when
 * called inside a repeatable-read transaction; the CLI does.
 */
export async function ledgerCheck(db: Db): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  const drift = await rows<{ id: string; available: string; frozen: string; pa: string; pf: string }>(
    db,
    sql`select a.id::text, a.available::text, a.frozen::text, coalesce(p.pa, 0)::text as pa, coalesce(p.pf, 0)::text as pf
        from ledger_accounts a
        left join (select account_id, sum(available_delta) pa, sum(frozen_delta) pf from ledger_postings group by account_id) p
          on p.account_id = a.id
        where a.available <> coalesce(p.pa, 0) or a.frozen <> coalesce(p.pf, 0)`,
  );
  for (const d of drift) {
    problems.push(`account ${d.id}: balance ${d.available}/${d.frozen} but postings sum to ${d.pa}/${d.pf}`);
  }
  const currencies = await rows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(available + frozen)::text as total from ledger_accounts group by currency having sum(available + frozen) <> 0`,
  );
  for (const c of currencies) problems.push(`currency ${c.currency} sums to ${c.total}, not zero`);
  const unbalanced = await rows<{ transaction_id: string; currency: string }>(
    db,
    sql`select transaction_id::text, currency from ledger_postings group by transaction_id, currency
        having sum(available_delta + frozen_delta) <> 0 limit 20`,
  );
  for (const u of unbalanced) problems.push(`transaction ${u.transaction_id} does not balance in ${u.currency}`);
  const negative = await rows<{ id: string; owner: string; currency: string; available: string; frozen: string }>(
    db,
    sql`select id::text, owner, currency, available::text, frozen::text from ledger_accounts
        where frozen < 0 or (available < 0 and coalesce(system_name, '') <> 'outside_world')`,
  );
  for (const n of negative)
    problems.push(`account ${n.id} (${n.owner} ${n.currency}) is negative: ${n.available}/${n.frozen}`);
  for (const invariant of ledgerInvariants()) problems.push(...(await invariant.check(db)));
  const [counts] = await rows<{ accounts: string; transactions: string }>(
    db,
    sql`select (select count(*) from ledger_accounts)::text as accounts, (select count(*) from ledger_transactions)::text as transactions`,
  );
  return {
    ok: problems.length === 0,
    accounts: Number(counts?.accounts ?? 0),
    transactions: Number(counts?.transactions ?? 0),
    problems,
  };
}
