import crypto from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, createBase58check } from '@scure/base';
import type { AddressFormat } from '../market/currencies.ts';

/**
 * Address formats of the supported chains, with their checksums:
 * - evm: 0x + 40 hex, EIP-55 mixed-case checksum (an all-lower-case address carries no checksum
 *   and is accepted, as wallets and explorers print them that way);
 * - tron: base58check of 0x41 + 20 bytes ('T…');
 * - btc / ltc: bech32 segwit v0 (P2WPKH 'bc1q…' / 'ltc1q…', or P2WSH with a 32-byte program);
 * - doge: base58check of version 0x1e (P2PKH 'D…') or 0x16 (P2SH).
 */
const base58check = createBase58check(sha256);

export function isValidAddress(format: AddressFormat, address: string): boolean {
  try {
    switch (format) {
      case 'evm':
        return isEvmAddress(address);
      case 'tron': {
        const bytes = base58check.decode(address);
        return bytes.length === 21 && bytes[0] === 0x41;
      }
      case 'btc':
        return isSegwit(address, 'bc');
      case 'ltc':
        return isSegwit(address, 'ltc');
      case 'doge': {
        const bytes = base58check.decode(address);
        return bytes.length === 21 && (bytes[0] === 0x1e || bytes[0] === 0x16);
      }
    }
  } catch {
    return false;
  }
}

/**
 * The user's deposit address on a chain format, derived deterministically:
 * HMAC-SHA256(seed, "<format>/<userId>") gives the 20-byte payload. This is the simulated chain's
 * derivation (no private keys exist for these addresses); a live chain adapter derives from the
 * configured extended public key instead.
 */
export function deriveDepositAddress(seed: string, format: AddressFormat, userId: number): string {
  const payload = crypto.createHmac('sha256', seed).update(`${format}/${userId}`).digest().subarray(0, 20);
  switch (format) {
    case 'evm':
      return toEip55(Buffer.from(payload).toString('hex'));
    case 'tron':
      return base58check.encode(Uint8Array.from([0x41, ...payload]));
    case 'btc':
      return bech32.encode('bc', [0, ...bech32.toWords(payload)]);
    case 'ltc':
      return bech32.encode('ltc', [0, ...bech32.toWords(payload)]);
    case 'doge':
      return base58check.encode(Uint8Array.from([0x1e, ...payload]));
  }
}

export function toEip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase()) return true;
  return toEip55(body) === address;
}

function isSegwit(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const decoded = bech32.decode(address.toLowerCase() as `${string}1${string}`);
  if (decoded.prefix !== hrp) return false;
  const [version, ...words] = decoded.words;
  if (version !== 0) return false; // v1+ (taproot) uses bech32m, not offered yet
  const program = bech32.fromWords(words);
  return program.length === 20 || program.length === 32;
}
