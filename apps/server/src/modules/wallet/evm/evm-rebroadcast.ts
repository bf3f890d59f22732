import { and, asc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Address, Hex, PublicClient } from 'viem';
import type { Db } from '../../../platform/db/database.ts';
import { chainTransactions } from '../wallet.schema.ts';

/** One sender's transactions on a network that also meet `more`. */
const fromSender = (network: string, from: string, ...more: SQL[]) =>
  and(eq(chainTransactions.network, network), eq(chainTransactions.fromAddress, from), ...more);

/**
 * Broadcasts again, unchanged, every transaction we signed that is not mined yet and that the node no
 * longer knows (dropped from its pool: evicted, node restarted, or never received because the process
 * stopped right after signing). Only the latest transaction of each nonce counts (a replaced one is
 * superseded). Sending the same signed bytes cannot pay twice: a nonce is spent once.
 *
 * Answers how many went out again and why any could not (the node refuses it: too cheap now, or the
 * address lacks the funds); such a transaction blocks every later nonce of its address until an
 * operator replaces it with a higher fee.
 */
export async function rebroadcastDropped(
  db: Db,
  client: PublicClient,
  network: string,
): Promise<{ sent: number; refused: string[] }> {
  // only senders with a transaction whose nonce is not known to be spent: the node is not asked about
  // every deposit address ever swept, on every step
  const senders = await db
    .selectDistinct({ from: chainTransactions.fromAddress })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.network, network), isNull(chainTransactions.nonceSpentAt)));
  let sent = 0;
  const refused: string[] = [];
  for (const { from } of senders) {
    const mined = BigInt(await client.getTransactionCount({ address: from as Address, blockTag: 'latest' }));
    await db
      .update(chainTransactions)
      .set({ nonceSpentAt: sql`now()` })
      .where(fromSender(network, from, lt(chainTransactions.nonce, mined), isNull(chainTransactions.nonceSpentAt)));
    const open = await db
      .select()
      .from(chainTransactions)
      .where(
        fromSender(
          network,
          from,
          gte(chainTransactions.nonce, mined),
          isNull(chainTransactions.replacedBy),
          isNotNull(chainTransactions.rawTx),
        ),
      )
      .orderBy(asc(chainTransactions.nonce), asc(chainTransactions.id));
    for (const t of open) {
      const known = await client.getTransaction({ hash: t.txHash as Hex }).catch(() => null);
      if (known) continue;
      try {
        await client.sendRawTransaction({ serializedTransaction: t.rawTx as Hex });
        sent += 1;
      } catch (e) {
        const reason = (e as Error).message;
        // the node has it after all, or its nonce was just spent: nothing is stuck
        if (/already known|known transaction|nonce too low/i.test(reason)) continue;
        refused.push(`${t.reference} nonce ${t.nonce}: ${reason.split('\n')[0]!.slice(0, 160)}`);
      }
    }
  }
  return { sent, refused };
}
