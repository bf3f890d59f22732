import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from './ledger.service.ts';
import { withdrawals } from './wallet.schema.ts';

/**
 * The withdrawal a signer may pay for `withdrawal:<id>`, or null: it exists on this network, is being
 * approved or was sent, and its amount was frozen by a journal entry (`withdraw.apply`). The signers
 * of every network ask this first, in the approval's transaction (`db`), then check that the
 * transaction pays exactly the withdrawal's address and net amount.
 */
export async function payableWithdrawal(db: Db, ledger: LedgerService, network: string, reference: string) {
  const [kind, ref] = reference.split(':');
  const id = Number(ref);
  if (kind !== 'withdrawal' || !Number.isSafeInteger(id)) return null;
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w || (w.status !== 'pending' && w.status !== 'sent') || w.chain !== network) return null;
  if (!(await ledger.hasEntry('withdraw.apply', `withdrawal:${id}`, db))) return null;
  return { ...w, net: BigInt(w.amount) - BigInt(w.fee) };
}
