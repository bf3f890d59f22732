import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import type { Db } from '../../../platform/db/database.ts';

/** One spend from the hot wallet the server asks the signer to sign: an unsigned PSBT. */
export interface BtcSigningRequest {
  /** What it pays: `withdrawal:<id>`; checked by `authorize`. */
  reference: string;
  psbt: Uint8Array;
}

/**
 * The only holder of the Bitcoin hot wallet's key (decision 0020's separate signer, as for EVM and
 * TRON). It takes a PSBT, the format a signer in another process or a hardware device takes, and
 * signs only what `authorize` finds approved: a withdrawal frozen in the journal, paid exactly to its
 * address, the rest back to the hot wallet, no more fee than allowed. A lie about an input's amount
 * cannot make it overpay: a segwit signature commits to the amounts, the network would refuse it.
 */
export class BtcSigner {
  private readonly key: Uint8Array;
  private readonly authorize: (req: BtcSigningRequest, db: Db) => Promise<boolean>;
  readonly hotAddress: string;
  readonly hotScript: Uint8Array;

  constructor(o: { hotKey: string; authorize: (req: BtcSigningRequest, db: Db) => Promise<boolean> }) {
    this.key = Uint8Array.from(Buffer.from(o.hotKey.replace(/^0x/, ''), 'hex'));
    if (this.key.length !== 32) throw new Error('the Bitcoin hot wallet key must be 32 bytes of hex');
    this.authorize = o.authorize;
    const payment = p2wpkh(secp256k1.getPublicKey(this.key, true));
    this.hotAddress = payment.address!;
    this.hotScript = payment.script;
  }

  /** The signed transaction (id and hex); throws when the request was not approved. */
  async sign(req: BtcSigningRequest, db: Db): Promise<{ txid: string; hex: string }> {
    if (!(await this.authorize(req, db))) throw new Error(`signer refused an unapproved request (${req.reference})`);
    const tx = Transaction.fromPSBT(req.psbt);
    tx.sign(this.key);
    tx.finalize();
    return { txid: tx.id, hex: tx.hex };
  }
}
