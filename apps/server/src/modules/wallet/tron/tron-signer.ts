import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Db } from '../../../platform/db/database.ts';
import { tronAddressOfPublicKey, tronHex } from '../chain-keys.ts';
import { encodeTransferRaw, transferTxId, type TronTransfer } from './tron-transaction.ts';

/** One TRC-20 transfer from the hot wallet the server asks the signer to sign. */
export interface TronSigningRequest extends Omit<TronTransfer, 'owner'> {
  /** What it pays: `withdrawal:<id>`; checked by `authorize`. */
  reference: string;
}

export interface TronSigned {
  txID: string;
  rawDataHex: string;
  /** r ‖ s ‖ v (v = 27 + recovery id), hex, as TRON nodes take it. */
  signature: string;
}

/**
 * The only holder of the TRON hot wallet's key (decision 0020's separate signer, as for EVM): it
 * encodes the transaction itself from the request, so what it signs is exactly what `authorize`
 * approved (the withdrawal frozen in the journal, to its address, for its net amount), never bytes
 * a node supplied. Its surface is one call so it can move to its own process.
 */
export class TronSigner {
  private readonly key: Uint8Array;
  private readonly authorize: (req: TronSigningRequest, db: Db) => Promise<boolean>;
  readonly hotAddress: string;

  constructor(o: { hotKey: string; authorize: (req: TronSigningRequest, db: Db) => Promise<boolean> }) {
    this.key = Uint8Array.from(Buffer.from(o.hotKey.replace(/^0x/, ''), 'hex'));
    if (this.key.length !== 32) throw new Error('the TRON hot wallet key must be 32 bytes of hex');
    this.authorize = o.authorize;
    this.hotAddress = tronAddressOfPublicKey(secp256k1.getPublicKey(this.key, true));
  }

  get hotHex(): string {
    return tronHex(this.hotAddress);
  }

  /** The signed transfer; throws when the request was not approved. `db`: the approval's transaction. */
  async sign(req: TronSigningRequest, db: Db): Promise<TronSigned> {
    if (!(await this.authorize(req, db))) throw new Error(`signer refused an unapproved request (${req.reference})`);
    const t: TronTransfer = { ...req, owner: this.hotHex };
    const txID = transferTxId(t);
    // the txID is already the sha256 of the raw bytes: sign it as is
    const sig = secp256k1.sign(Buffer.from(txID, 'hex'), this.key, { prehash: false, format: 'recovered' });
    const [recovery, ...rs] = sig;
    return {
      txID,
      rawDataHex: Buffer.from(encodeTransferRaw(t)).toString('hex'),
      signature: Buffer.from([...rs, 27 + recovery!]).toString('hex'),
    };
  }
}
