import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toEip55 } from '../addresses.ts';

/**
 * BIP-44 derivation for EVM deposit addresses. The configured key is the ACCOUNT-level extended key
 * (m/44'/60'/0'), so the server derives the non-hardened external chain `0/<user id>` from the
 * public key alone: the watcher never holds a private key. The signer derives the same path from the
 * matching extended private key to sweep.
 */
export function evmAddressFromXpub(xpub: string, index: number): string {
  const node = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!node.publicKey) throw new Error('extended key has no public key');
  return evmAddressOfPublicKey(node.publicKey);
}

export function evmAddressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  return toEip55(Buffer.from(hash.subarray(12)).toString('hex'));
}

/** The private key of deposit address `index` (signer side only). */
export function evmPrivateKeyFromXprv(xprv: string, index: number): `0x${string}` {
  const node = HDKey.fromExtendedKey(xprv).deriveChild(0).deriveChild(index);
  if (!node.privateKey) throw new Error('extended key has no private key');
  return `0x${Buffer.from(node.privateKey).toString('hex')}`;
}
