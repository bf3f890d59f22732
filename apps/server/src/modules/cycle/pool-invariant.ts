import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { registerLedgerInvariant } from '../wallet/ledger-invariants.ts';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows<T>).rows;

/**
 * The cycle pool against the contracts (docs/decisions/0005-cycle-settlement.md), per currency:
 * - exposure: the pool's available balance covers the profit of every open contract,
 *   pool.available ≥ Σ (payout − stake) over open contracts — a winner is never left unpaid;
 * - settled results: what the pool gained or paid through settlements equals the contracts' results,
 *   Σ pool postings of kinds cycle_* = Σ stake of lost − Σ (payout − stake) of won contracts
 *   (the rest of the pool is its funding: `capital` entries);
 * - stakes held: every holder's spot frozen balance holds at least their open stakes
 *   (frozen also holds pending withdrawals and open orders, hence ≥);
 * - the pool itself never holds anything frozen.
 */
export async function cyclePoolProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const pools = await rows<{
    currency: string;
    available: string;
    frozen: string;
    liability: string;
    settled: string;
    results: string;
  }>(
    db,
    sql`with c as (select distinct currency from cycle_contracts
                   union select currency from ledger_accounts where system_name = 'cycle_pool')
        select c.currency,
          coalesce(a.available, 0)::text as available,
          coalesce(a.frozen, 0)::text as frozen,
          (select coalesce(sum(payout - stake), 0) from cycle_contracts
             where status = 'open' and currency = c.currency)::text as liability,
          (select coalesce(sum(p.available_delta + p.frozen_delta), 0) from ledger_postings p
             join ledger_transactions t on t.id = p.transaction_id
             where p.account_id = a.id and t.kind like 'cycle\\_%')::text as settled,
          (select coalesce(sum(case when status = 'lost' then stake when status = 'won' then -(payout - stake) else 0 end), 0)
             from cycle_contracts where currency = c.currency)::text as results
        from c left join ledger_accounts a on a.system_name = 'cycle_pool' and a.currency = c.currency`,
  );
  for (const p of pools) {
    if (BigInt(p.available) < BigInt(p.liability)) {
      problems.push(
        `cycle pool ${p.currency} holds ${p.available} but open contracts may pay out ${p.liability} beyond their stakes`,
      );
    }
    if (p.settled !== p.results) {
      problems.push(
        `cycle pool ${p.currency}: settlements posted ${p.settled} but the contracts' results sum to ${p.results}`,
      );
    }
    if (p.frozen !== '0') problems.push(`cycle pool ${p.currency} has ${p.frozen} frozen (it must hold none)`);
  }
  const unheld = await rows<{ user_id: string; currency: string; stakes: string; frozen: string }>(
    db,
    sql`select s.user_id::text, s.currency, s.stakes::text, coalesce(a.frozen, 0)::text as frozen
          from (select user_id, currency, sum(stake) as stakes from cycle_contracts where status = 'open'
                group by user_id, currency) s
          left join ledger_accounts a on a.user_id = s.user_id and a.currency = s.currency and a.wallet = 'spot'
         where coalesce(a.frozen, 0) < s.stakes`,
  );
  for (const u of unheld) {
    problems.push(`user ${u.user_id} has open cycle stakes of ${u.stakes} ${u.currency} but only ${u.frozen} frozen`);
  }
  return problems;
}

registerLedgerInvariant({ name: 'cycle pool', check: cyclePoolProblems });
