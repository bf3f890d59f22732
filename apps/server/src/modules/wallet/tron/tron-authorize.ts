import type { Db } from '../../../platform/db/database.ts';
import { payableWithdrawal } from '../chain-withdrawal-check.ts';
import { tronHex } from '../chain-keys.ts';
import type { LedgerService } from '../ledger.service.ts';
import type { TronChain } from './tron-chain.ts';
import type { TronSigningRequest } from './tron-signer.ts';
import { transferData } from './tron-transaction.ts';

/**
 * What the TRON signer may sign, answered from the database the approval writes to: a withdrawal
 * frozen by `withdraw.apply` on this network, paid by the token's `transfer` to exactly its address
 * and net amount, with no more fee than configured and an expiration TRON accepts (within 24 hours).
 */
export function tronAuthorizer(chain: () => TronChain, ledger: LedgerService) {
  return async (req: TronSigningRequest, db: Db): Promise<boolean> => {
    const c = chain();
    const w = await payableWithdrawal(db, ledger, c.network, req.reference);
    if (!w) return false;
    const contract = c.tokenHex(w.currency);
    if (!contract || req.contract.toLowerCase() !== contract) return false;
    if (req.feeLimit > c.feeLimit || req.expiration - req.timestamp > 24 * 3600_000) return false;
    return req.data.toLowerCase() === transferData(tronHex(w.address), w.net).toLowerCase();
  };
}
