import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { STAKE_CURRENCY } from './catalog.service.ts';
import type { ContractRow } from './contract-view.ts';
import type { Settlement } from './settle.ts';

/**
 * The one place the cycle module reads the journal (read-only, as referral/fee-postings.ts does): the posting that
 * settled a contract, so verification can check that the money moved is what the recomputed result says — not
 * only that the stored result agrees. The ledger publishes no per-transaction reader yet; when it does, only this
 * file changes.
 */
export interface SettlementPosting {
  kind: string;
  /** Net change of the holder's spot account in the stake currency. */
  holderAvailable: bigint;
  holderFrozen: bigint;
  /** Net change of the cycle pool. */
  pool: bigint;
  /** Any other account touched (there should be none). */
  others: number;
}

type Rows<T> = { rows: T[] };

export async function settlementPosting(db: Db, c: ContractRow): Promise<SettlementPosting | null> {
  if (c.settleTransactionId === null) return null;
  const result = (await db.execute(sql`
    select t.kind, a.owner_kind, a.user_id::text as user_id, a.system_name, a.wallet, p.currency,
           p.available_delta::text as available, p.frozen_delta::text as frozen
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where t.id = ${c.settleTransactionId}
  `)) as unknown as Rows<{
    kind: string;
    owner_kind: string;
    user_id: string | null;
    system_name: string | null;
    wallet: string;
    currency: string;
    available: string;
    frozen: string;
  }>;
  if (!result.rows.length) return null;
  const out: SettlementPosting = {
    kind: result.rows[0]!.kind,
    holderAvailable: 0n,
    holderFrozen: 0n,
    pool: 0n,
    others: 0,
  };
  for (const r of result.rows) {
    const holder = r.owner_kind === 'user' && Number(r.user_id) === c.userId && r.wallet === 'spot';
    if (holder && r.currency === STAKE_CURRENCY) {
      out.holderAvailable += BigInt(r.available);
      out.holderFrozen += BigInt(r.frozen);
    } else if (r.owner_kind === 'system' && r.system_name === 'cycle_pool' && r.currency === STAKE_CURRENCY) {
      out.pool += BigInt(r.available) + BigInt(r.frozen);
    } else out.others += 1;
  }
  return out;
}

/**
 * Whether the posting moved exactly what the result says: the holder's frozen stake released, the credit paid to
 * them, and the pool taking the difference (stake − credit: + on a loss, − the profit on a win, 0 on a refund).
 */
export function postingMatches(c: ContractRow, s: Settlement, p: SettlementPosting | null): boolean {
  if (!p) return false;
  return (
    p.kind === `cycle_${s.outcome}` &&
    p.holderFrozen === -c.stake &&
    p.holderAvailable === s.credit &&
    p.pool === c.stake - s.credit &&
    p.others === 0
  );
}
