import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { STAKE_CURRENCY } from './catalog.service.ts';
import type { ContractRow } from './contract-view.ts';
import type { Settlement } from './settle.ts';

/**
 * The posting that settled a contract, read through the ledger service, so verification can check that the money
 * moved is what the recomputed result says — not only that the stored result agrees.
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

/** What verification needs of the ledger: the postings of one journal transaction. */
export type JournalReader = Pick<LedgerService, 'postingsOf'>;

export async function settlementPosting(
  db: Db,
  journal: JournalReader,
  c: ContractRow,
): Promise<SettlementPosting | null> {
  if (c.settleTransactionId === null) return null;
  const rows = await journal.postingsOf(c.settleTransactionId, db);
  if (!rows.length) return null;
  const out: SettlementPosting = {
    kind: rows[0]!.kind,
    holderAvailable: 0n,
    holderFrozen: 0n,
    pool: 0n,
    others: 0,
  };
  for (const r of rows) {
    const holder = r.ownerKind === 'user' && r.userId === c.userId && r.wallet === 'spot';
    if (holder && r.currency === STAKE_CURRENCY) {
      out.holderAvailable += r.available;
      out.holderFrozen += r.frozen;
    } else if (r.ownerKind === 'system' && r.systemName === 'cycle_pool' && r.currency === STAKE_CURRENCY) {
      out.pool += r.available + r.frozen;
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
