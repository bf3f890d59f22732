import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { UNLOCK_CONFIRMATIONS } from '../wallet.config.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { chainUtxoSpends } from '../wallet.schema.ts';
import { confirmWithdrawal, failWithdrawal } from '../withdraw.service.ts';
import { firstKnown, rebroadcastSent, sentWithdrawalsWithTransactions } from '../sent-withdrawal-transactions.ts';
import type { EsploraBitcoin } from './esplora-chain.ts';

/** Esplora's `/tx/:txid/status` and the `status` of `/tx/:txid/outspend/:vout`. */
interface TxStatus {
  confirmed: boolean;
  block_height?: number;
}

/**
 * Where a transaction is: null when the node answers 404 (in neither its mempool nor its chain).
 * Only a 404 means "unknown"; any other failure throws, so a node that fails to answer can never
 * make a paid withdrawal look unpaid.
 */
export async function txStatus(chain: EsploraBitcoin, txid: string): Promise<TxStatus | null> {
  const res = await chain.request(`/tx/${txid}/status`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`esplora /tx/${txid}/status: HTTP ${res.status}`);
  return (await res.json()) as TxStatus;
}

/**
 * Broadcasts, unchanged, every recorded transaction of a sent withdrawal the node does not know
 * (404): the one just committed, one whose broadcast a crash prevented, one the node evicted. The
 * same signed bytes cannot pay twice: they spend the same outputs.
 */
export function rebroadcastBtc(chain: EsploraBitcoin, db: Db): Promise<{ sent: number; refused: string[] }> {
  return rebroadcastSent(db, chain.network, async (t) => {
    if (await txStatus(chain, t.txHash)) return 'skip';
    const res = await chain.request('/tx', { method: 'POST', body: t.rawTx! });
    if (res.ok) return 'sent';
    const reason = await res.text();
    return /already in block chain|already known|txn-already-in-mempool/i.test(reason) ? 'skip' : { refused: reason };
  });
}

/**
 * Sent withdrawals of this network, settled from the chain:
 * - mined UNLOCK_CONFIRMATIONS deep → completed (a mined Bitcoin transaction cannot fail);
 * - unknown to the node while one of its inputs was spent, UNLOCK_CONFIRMATIONS deep, by another
 *   transaction → it can never be mined: failed, the whole amount back to the user by a
 *   `withdraw.fail` entry, and its other inputs released for later withdrawals.
 */
export async function settleBtcWithdrawals(
  chain: EsploraBitcoin,
  deps: WalletDeps,
  audit: AuditService,
  tip: bigint,
): Promise<number> {
  const db = deps.ctx.db;
  const deep = (height: number | undefined) =>
    height !== undefined && tip - BigInt(height) + 1n >= BigInt(UNLOCK_CONFIRMATIONS);
  let settled = 0;
  for (const { withdrawal: w, own } of await sentWithdrawalsWithTransactions(db, chain.network)) {
    const known = await firstKnown(own, (txid) => txStatus(chain, txid));
    if (known) {
      if (known.confirmed && deep(known.block_height)) {
        await confirmWithdrawal(deps, audit, null, w.id);
        settled += 1;
      }
      continue;
    }
    const hashes = own.map((t) => t.txHash);
    const spends = await db
      .select()
      .from(chainUtxoSpends)
      .where(and(eq(chainUtxoSpends.network, chain.network), inArray(chainUtxoSpends.txHash, hashes)));
    for (const s of spends) {
      const [txid, vout] = s.outpoint.split(':');
      const res = await chain.request(`/tx/${txid}/outspend/${vout}`);
      if (!res.ok) throw new Error(`esplora /tx/${txid}/outspend/${vout}: HTTP ${res.status}`);
      const out = (await res.json()) as { spent: boolean; txid?: string; status?: TxStatus };
      if (!out.spent || !out.txid || hashes.includes(out.txid) || !out.status?.confirmed) continue;
      if (!deep(out.status.block_height)) continue;
      // release first: were the refund to fail, the next step finds the same conflict and refunds
      await db
        .delete(chainUtxoSpends)
        .where(and(eq(chainUtxoSpends.network, chain.network), inArray(chainUtxoSpends.txHash, hashes)));
      await failWithdrawal(deps, audit, null, w.id);
      settled += 1;
      break;
    }
  }
  return settled;
}
