import { and, eq } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { Db } from '../../../platform/db/database.ts';
import { chainNonces } from '../wallet.schema.ts';

/**
 * The next nonce of one of our addresses, taken under the row lock of `chain_nonces` (held by `tx`
 * until it commits, so two senders never take the same one, in this process or another).
 *
 * It is never below our own record: a nonce we signed a transaction with stays that transaction's
 * (or its replacement's) for good, even when the node dropped it from its pool — handing it to the
 * next request would leave the first one unpayable and a later replacement of it would knock out the
 * second. The gap a dropped transaction leaves is filled by broadcasting the very same signed
 * transaction again (evm-rebroadcast.ts). It is never below the node's pending count either, so a
 * transaction sent from the address by other means (or one broadcast just before a crash rolled its
 * record back) is not collided with. The record survives restarts: it is a row, not process memory.
 */
export async function takeNonce(tx: Db, client: PublicClient, network: string, from: Address): Promise<number> {
  const address = from.toLowerCase();
  await tx.insert(chainNonces).values({ network, address, nextNonce: 0n }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(chainNonces)
    .where(and(eq(chainNonces.network, network), eq(chainNonces.address, address)))
    .for('update');
  const pending = BigInt(await client.getTransactionCount({ address: from, blockTag: 'pending' }));
  const recorded = row?.nextNonce ?? 0n;
  const nonce = recorded > pending ? recorded : pending;
  await tx
    .update(chainNonces)
    .set({ nextNonce: nonce + 1n })
    .where(and(eq(chainNonces.network, network), eq(chainNonces.address, address)));
  return Number(nonce);
}
