import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { registerLedgerInvariant } from '../wallet/ledger-invariants.ts';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows<T>).rows;

/**
 * The futures clearing identity (docs/decisions/0008-futures-clearing.md). Clearing holds every open
 * position's margin, and the P&L settled between positions stays in it until they close. Because
 * every fill has a long and a short side, Σ signed size = 0 per contract, so at any common price P
 * Σ uPnL(P) = −Σ side × entryValue, and exactly:
 *
 *   futures_clearing.available = Σ margin − Σ side × entryValue   (open positions, USDT minor units)
 *   futures_clearing.frozen    = 0
 *   Σ long lots = Σ short lots                                     (per contract)
 *
 * A posting that moves money in or out of clearing without changing a position, or a position
 * changed without its posting, breaks the first line.
 */
export async function futuresClearingProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const [c] = await rows<{ available: string; frozen: string; expected: string }>(
    db,
    sql`select
          coalesce((select available from ledger_accounts where system_name = 'futures_clearing' and currency = 'USDT'), 0)::text as available,
          coalesce((select frozen from ledger_accounts where system_name = 'futures_clearing' and currency = 'USDT'), 0)::text as frozen,
          (select coalesce(sum(margin), 0) - coalesce(sum(case when side = 'long' then entry_value else -entry_value end), 0)
             from futures_positions where status = 'open')::text as expected`,
  );
  if (c && c.available !== c.expected) {
    problems.push(
      `futures clearing holds ${c.available} but open positions need Σ margin − Σ side × entryValue = ${c.expected}`,
    );
  }
  if (c && c.frozen !== '0') problems.push(`futures clearing has ${c.frozen} frozen (it must hold none)`);
  const uneven = await rows<{ symbol: string; longs: string; shorts: string }>(
    db,
    sql`select symbol,
               sum(case when side = 'long' then qty_lots else 0 end)::text as longs,
               sum(case when side = 'short' then qty_lots else 0 end)::text as shorts
          from futures_positions where status = 'open' group by symbol
        having sum(case when side = 'long' then qty_lots else -qty_lots end) <> 0`,
  );
  for (const u of uneven)
    problems.push(`futures ${u.symbol}: open longs ${u.longs} lots ≠ open shorts ${u.shorts} lots`);
  return problems;
}

registerLedgerInvariant({ name: 'futures clearing', check: futuresClearingProblems });
