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

/** A network's sent withdrawals, each with its own recorded transactions (one without any is left out). */
export async function sentWithdrawalsWithTransactions(db: Db, network: string) {
  const { sent, txs } = await sentWithdrawalTransactions(db, network);
  return sent.flatMap((withdrawal) => {
    const own = txs.filter((t) => t.reference === `withdrawal:${withdrawal.id}`);
    return own.length ? [{ withdrawal, own }] : [];
  });
}

/**
 * What the node says of the first of a withdrawal's recorded transactions that it knows (a replacement may have
 * gone out under another hash), or null when it knows none of them.
 */
export async function firstKnown<T>(
  own: Array<typeof chainTransactions.$inferSelect>,
  ask: (txHash: string) => Promise<T | null>,
): Promise<T | null> {
  for (const t of own) {
    const known = await ask(t.txHash);
    if (known) return known;
  }
  return null;
}

/** What re-sending one recorded transaction came to: it went out, there was nothing to send (the node has it, or it can no longer go out), or why the node refused it. */
export type Resend = 'sent' | 'skip' | { refused: string };

/**
 * Re-sends each recorded transaction of the network's sent withdrawals through the chain's own `resend`, and
 * answers how many went out and why any could not (a node that could not be asked counts as a refusal: the next
 * step tries again).
 */
export async function rebroadcastSent(
  db: Db,
  network: string,
  resend: (t: typeof chainTransactions.$inferSelect) => Promise<Resend>,
): Promise<{ sent: number; refused: string[] }> {
  const { txs } = await sentWithdrawalTransactions(db, network);
  let sent = 0;
  const refused: string[] = [];
  for (const t of txs) {
    let outcome: Resend;
    try {
      outcome = await resend(t);
    } catch (e) {
      outcome = { refused: (e as Error).message };
    }
    if (outcome === 'sent') sent += 1;
    else if (outcome !== 'skip') refused.push(`${t.reference}: ${outcome.refused}`.slice(0, 200));
  }
  return { sent, refused };
}
