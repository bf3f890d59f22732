import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { advance } from './deposit.service.ts';
import { UNLOCK_CONFIRMATIONS } from './wallet.config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { chainAddresses, chainCursors, deposits } from './wallet.schema.ts';

/**
 * What a chain watcher does to the ledger: records the transfers it found to our deposit addresses,
 * raises their confirmations (credit at 1, withdrawable at 3, deposit.service.ts `advance`) and
 * reverses those whose block left the canonical chain before they became withdrawable. Every call
 * runs in one transaction with the watcher's cursor, so a crash between two calls repeats work
 * instead of losing or doubling it; the (chain, tx_hash) key makes a second sighting a no-op.
 */

/** A transfer to one of our addresses, as a watcher saw it in a block. */
export interface ObservedTransfer {
  userId: number;
  currency: string;
  address: string;
  /** Unique per transfer on the network: the transaction hash, plus ":<log index>" for a token log. */
  txKey: string;
  /** Minor units at the currency's platform scale (already truncated from the chain's decimals). */
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
}

/** The users' deposit addresses on a network, lower-cased address → user id. */
export async function watchedAddresses(db: Db, network: string): Promise<Map<string, number>> {
  const rows = await db.select().from(chainAddresses).where(eq(chainAddresses.network, network));
  return new Map(rows.map((r) => [r.address.toLowerCase(), r.userId]));
}

export async function readCursor(db: Db, network: string) {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
  return row ?? null;
}

/**
 * Records what one scan found and moves the cursor, in one transaction. A transfer seen again in the
 * same block (a rescan after a restart) changes nothing; one seen in another block after a reorg
 * moves to that block (confirmations counted again from it), and one a reorg already reversed
 * starts over as pending in its new block.
 */
export async function recordScan(
  deps: WalletDeps,
  network: string,
  found: ObservedTransfer[],
  cursor: { blockNumber: bigint; blockHash: string },
): Promise<number> {
  return deps.ledger.transaction(async (tx) => {
    const now = new Date(deps.ctx.clock.now());
    let added = 0;
    for (const t of found) {
      const inserted = await tx
        .insert(deposits)
        .values({
          userId: t.userId,
          currency: t.currency,
          chain: network,
          address: t.address,
          txHash: t.txKey,
          amount: t.amount,
          confirmations: 0,
          status: 'pending',
          simulated: false,
          blockNumber: t.blockNumber,
          blockHash: t.blockHash,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: deposits.id });
      if (inserted.length) {
        added += 1;
        continue;
      }
      await tx
        .update(deposits)
        .set({ status: 'pending', confirmations: 0, blockNumber: t.blockNumber, blockHash: t.blockHash })
        .where(and(eq(deposits.chain, network), eq(deposits.txHash, t.txKey), eq(deposits.status, 'reversed')));
      // the usual reorg mines the same transaction again in another block: the deposit follows it
      // there (its credit stands, it is still on chain) instead of being reversed for the old block
      await tx
        .update(deposits)
        .set({
          blockNumber: t.blockNumber,
          blockHash: t.blockHash,
          confirmations: sql`least(${deposits.confirmations}, 1)`,
        })
        .where(
          and(
            eq(deposits.chain, network),
            eq(deposits.txHash, t.txKey),
            inArray(deposits.status, ['pending', 'credited']),
            ne(deposits.blockHash, t.blockHash),
          ),
        );
    }
    await tx
      .insert(chainCursors)
      .values({ network, blockNumber: cursor.blockNumber, blockHash: cursor.blockHash, updatedAt: now })
      .onConflictDoUpdate({
        target: chainCursors.network,
        set: { blockNumber: cursor.blockNumber, blockHash: cursor.blockHash, updatedAt: now },
      });
    return added;
  });
}

/**
 * Brings every not-yet-withdrawable deposit of the network up to the chain's head: if its block is
 * still canonical it gets head − block + 1 confirmations; if the block is gone (reorg) it is
 * reversed. `canonicalHash` answers the hash of the canonical block at a height (null: none yet).
 */
export async function refreshDeposits(
  deps: WalletDeps,
  network: string,
  head: bigint,
  canonicalHash: (blockNumber: bigint) => Promise<string | null>,
): Promise<{ advanced: number; reversed: number }> {
  const open = await deps.ctx.db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chain, network),
        eq(deposits.simulated, false),
        inArray(deposits.status, ['pending', 'credited']),
      ),
    );
  let advanced = 0;
  let reversed = 0;
  for (const d of open) {
    if (d.blockNumber === null) continue;
    const hash = await canonicalHash(d.blockNumber);
    if (hash === null || hash.toLowerCase() !== d.blockHash?.toLowerCase()) {
      await deps.ledger.transaction((tx) => reverseDeposit(deps, tx, d.id));
      reversed += 1;
      continue;
    }
    const confirmations = head >= d.blockNumber ? Number(head - d.blockNumber + 1n) : 0;
    if (confirmations > d.confirmations) {
      await deps.ledger.transaction((tx) => advance(deps, tx, d.id, confirmations));
      advanced += 1;
    }
  }
  return { advanced, reversed };
}

/**
 * A deposit whose block vanished before it became withdrawable: a credited one is taken back from the
 * user by a journal entry (kind `deposit.reverse`, against `outside_world` as the credit was). If the
 * user already spent part of it on the platform, only what is left is taken back and the shortfall
 * is the platform's loss, shown in the memo for the operator (the withdrawal lock kept it on the
 * platform: it cannot have left).
 */
export async function reverseDeposit(deps: WalletDeps, tx: Db, depositId: number) {
  const [d] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!d || (d.status !== 'pending' && d.status !== 'credited')) return d ?? null;
  if (d.confirmations >= UNLOCK_CONFIRMATIONS) return d;
  if (d.status === 'credited') {
    const account = { userId: d.userId, currency: d.currency, wallet: 'spot' as const };
    const { available } = await deps.ledger.lockBalance(tx, account);
    const amount = BigInt(d.amount);
    const take = available < amount ? available : amount;
    if (take > 0n) {
      await deps.ledger.transfer(
        tx,
        'deposit.reverse',
        account,
        { system: 'outside_world', currency: d.currency },
        take,
        `deposit:${d.id}`,
        take < amount
          ? `reorg: ${d.chain} ${d.txHash} reversed; shortfall ${amount - take} minor units already spent`
          : `reorg: ${d.chain} ${d.txHash} reversed`,
      );
    }
  }
  const [updated] = await tx.update(deposits).set({ status: 'reversed' }).where(eq(deposits.id, depositId)).returning();
  return updated!;
}
