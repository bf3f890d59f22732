import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh } from '@scure/btc-signer';

/**
 * Deposit addresses of the non-EVM networks from an account-level extended PUBLIC key, user n at the
 * external chain `0/n` (no private key on the server; decision 0020):
 * - Bitcoin native segwit P2WPKH (`bc1q…`), account key of BIP-84 `m/84'/0'/0'`;
 * - TRON (`T…`), account key of BIP-44 `m/44'/195'/0'`: base58check of 0x41 + the last 20 bytes of
 *   keccak-256 of the uncompressed public key (the EVM rule with TRON's prefix).
 * The signers of those networks derive their hot wallet's address from its key by the same rules.
 */
const base58check = createBase58check(sha256);

function child(xpub: string, index: number): Uint8Array {
  const node = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!node.publicKey) throw new Error('extended key has no public key');
  return node.publicKey;
}

export function btcAddressFromXpub(xpub: string, index: number): string {
  return p2wpkh(child(xpub, index)).address!;
}

export function tronAddressFromXpub(xpub: string, index: number): string {
  return tronAddressOfPublicKey(child(xpub, index));
}

export function tronAddressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1)).subarray(12);
  return base58check.encode(Uint8Array.from([0x41, ...hash]));
}

/** The 21-byte hex form (41…) the full node's API uses for a T… address. */
export function tronHex(address: string): string {
  return Buffer.from(base58check.decode(address)).toString('hex');
}
