import type { Db } from '../../../platform/db/database.ts';
import type { AuditService } from '../../operator/audit.service.ts';
import { UNLOCK_CONFIRMATIONS } from '../wallet.config.ts';
import type { WalletDeps } from '../wallet-deps.ts';
import { confirmWithdrawal, failWithdrawal } from '../withdraw.service.ts';
import { firstKnown, rebroadcastSent, sentWithdrawalsWithTransactions } from '../sent-withdrawal-transactions.ts';
import type { TronChain } from './tron-chain.ts';

/** A message the node writes hex-encoded (`result.message`, a broadcast's `message`). */
export function nodeMessage(m: string | undefined): string {
  if (!m) return '';
  return /^[0-9a-f]+$/i.test(m) && m.length % 2 === 0 ? Buffer.from(m, 'hex').toString('utf8') : m;
}

/** What `/wallet/gettransactioninfobyid` answers for a transaction in a block (the parts read here). */
interface TronTransactionInfo {
  id: string;
  blockNumber: number;
  /** Present as 'FAILED' only when the call failed. */
  result?: string;
  receipt?: { result?: string };
}

/**
 * The transaction's receipt, or null when the node answers `{}`: not in any block. Only that answer
 * means "not mined"; an HTTP error or an answer of another shape throws, so a node that fails to
 * answer can never make a paid withdrawal look unpaid.
 */
export async function transactionInfo(chain: TronChain, txID: string): Promise<TronTransactionInfo | null> {
  const info = await chain.post<Partial<TronTransactionInfo>>('/wallet/gettransactioninfobyid', { value: txID });
  if (Object.keys(info).length === 0) return null;
  if (info.id !== txID || typeof info.blockNumber !== 'number') {
    throw new Error(`gettransactioninfobyid ${txID}: unexpected answer`);
  }
  return info as TronTransactionInfo;
}

/**
 * Broadcasts, unchanged, every recorded transaction of a sent withdrawal that is in no block yet:
 * the one just committed, one whose broadcast a crash prevented, one the node dropped. A node that
 * already has it answers DUP_TRANSACTION_ERROR (nothing to do); an expired one can no longer go out
 * and is refunded by the settlement. Sending the same signed bytes twice cannot pay twice: TRON
 * refuses a transaction id it has seen.
 */
export function rebroadcastTron(chain: TronChain, db: Db): Promise<{ sent: number; refused: string[] }> {
  return rebroadcastSent(db, chain.network, async (t) => {
    if (await transactionInfo(chain, t.txHash)) return 'skip';
    const r = await chain.post<{ result?: boolean; code?: string; message?: string }>(
      '/wallet/broadcasttransaction',
      JSON.parse(t.rawTx!) as unknown,
    );
    if (r.result) return 'sent';
    if (r.code === 'DUP_TRANSACTION_ERROR' || r.code === 'TRANSACTION_EXPIRATION_ERROR') return 'skip';
    return { refused: `${r.code ?? ''} ${nodeMessage(r.message)}` };
  });
}

/**
 * Sent withdrawals of this network, settled from the chain:
 * - in a block UNLOCK_CONFIRMATIONS deep: SUCCESS → completed; a failed call (REVERT,
 *   OUT_OF_ENERGY, …) → failed, the whole amount back to the user by a `withdraw.fail` entry (not
 *   earlier: a reorg could still mine it again, successfully);
 * - in no block while the block UNLOCK_CONFIRMATIONS deep is already past its expiration: it can
 *   never be mined (a TRON transaction is only valid in a block before its expiration) → failed
 *   and refunded the same way.
 */
export async function settleTronWithdrawals(
  chain: TronChain,
  deps: WalletDeps,
  audit: AuditService,
  head: bigint,
): Promise<number> {
  const finalHeight = head - BigInt(UNLOCK_CONFIRMATIONS) + 1n;
  let finalTime: number | undefined;
  const finalTimestamp = async () => {
    if (finalTime === undefined) {
      const b = finalHeight >= 0n ? await chain.block(finalHeight) : null;
      const ts = b?.block_header.raw_data.timestamp;
      if (ts === undefined) throw new Error(`block ${finalHeight}: no timestamp`);
      finalTime = ts;
    }
    return finalTime;
  };
  let settled = 0;
  for (const { withdrawal: w, own } of await sentWithdrawalsWithTransactions(deps.ctx.db, chain.network)) {
    const info = await firstKnown(own, (txID) => transactionInfo(chain, txID));
    if (info) {
      if (BigInt(info.blockNumber) > finalHeight) continue;
      const ok = info.receipt?.result === 'SUCCESS' && info.result !== 'FAILED';
      if (ok) await confirmWithdrawal(deps, audit, null, w.id);
      else await failWithdrawal(deps, audit, null, w.id);
      settled += 1;
      continue;
    }
    const expired = own.every((t) => t.expiresAt !== null);
    if (expired && (await finalTimestamp()) > Math.max(...own.map((t) => t.expiresAt!.getTime()))) {
      await failWithdrawal(deps, audit, null, w.id);
      settled += 1;
    }
  }
  return settled;
}
