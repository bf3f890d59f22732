import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chainTransactions, withdrawals } from './wallet.schema.ts';

/**
 * A network's withdrawals that are sent and not yet settled, with the signed transactions recorded for them
 * (stored before the broadcast): what a chain's watcher re-sends and settles each step.
 */
export async function sentWithdrawalTransactions(db: Db, network: string) {
  const sent = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.chain, network), eq(withdrawals.status, 'sent')));
  if (!sent.length) return { sent, txs: [] };
  const txs = await db
    .select()
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.network, network),
        isNotNull(chainTransactions.rawTx),
        inArray(
          chainTransactions.reference,
          sent.map((w) => `withdrawal:${w.id}`),
        ),
      ),
    );
  return { sent, txs };
}
