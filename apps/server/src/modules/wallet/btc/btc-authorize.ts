import { Address, NETWORK, OutScript, Transaction } from '@scure/btc-signer';
import type { Db } from '../../../platform/db/database.ts';
import { payableWithdrawal } from '../chain-withdrawal-check.ts';
import type { LedgerService } from '../ledger.service.ts';
import { DUST, feeFor, vsizeOf } from './btc-coins.ts';
import type { EsploraBitcoin } from './esplora-chain.ts';
import type { BtcSigningRequest } from './btc-signer.ts';

const same = (a: Uint8Array | undefined, b: Uint8Array) => !!a && Buffer.from(a).equals(Buffer.from(b));

/**
 * What the Bitcoin signer may sign, answered from the database the approval writes to: a withdrawal
 * frozen by `withdraw.apply` on this network; every input the hot wallet's; exactly one output to
 * the withdrawal's address for exactly its net amount, any other back to the hot wallet; and a fee
 * no higher than the configured maximum rate (a node inflating its fee estimate cannot burn the hot
 * wallet's coins).
 */
export function btcAuthorizer(chain: () => EsploraBitcoin, ledger: LedgerService) {
  return async (req: BtcSigningRequest, db: Db): Promise<boolean> => {
    const c = chain();
    const hot = c.signer?.hotScript;
    if (!hot) return false;
    const w = await payableWithdrawal(db, ledger, c.network, req.reference);
    if (!w) return false;
    const tx = Transaction.fromPSBT(req.psbt);
    const destination = OutScript.encode(Address(NETWORK).decode(w.address));
    let inputs = 0n;
    for (let i = 0; i < tx.inputsLength; i += 1) {
      const u = tx.getInput(i).witnessUtxo;
      if (!u || !same(u.script, hot)) return false;
      inputs += u.amount;
    }
    let outputs = 0n;
    let paid = 0;
    const lengths: number[] = [];
    for (let i = 0; i < tx.outputsLength; i += 1) {
      const o = tx.getOutput(i);
      if (!o.script || o.amount === undefined) return false;
      outputs += o.amount;
      lengths.push(o.script.length);
      if (same(o.script, destination) && o.amount === w.net) paid += 1;
      else if (!same(o.script, hot)) return false;
    }
    const fee = inputs - outputs;
    // change below dust goes to the fee: allowed on top
    return paid === 1 && fee >= 0n && fee <= feeFor(vsizeOf(tx.inputsLength, lengths), c.maxFeeRate) + DUST;
  };
}
