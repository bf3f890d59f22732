import crypto from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from './addresses.ts';
import { btcAddressFromXpub, tronAddressFromXpub } from './chain-keys.ts';
import { evmAddressFromXpub } from './evm/evm-keys.ts';

// the BIP-39 test mnemonic; its addresses are published by every wallet's test vectors
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = crypto.pbkdf2Sync(MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
const root = HDKey.fromMasterSeed(seed);
const xpub = (path: string) => root.derive(path).publicExtendedKey;

describe('deposit addresses from an extended public key', () => {
  it('match the published vectors of the test mnemonic (BIP-84, BIP-44 ETH and TRON)', () => {
    expect(btcAddressFromXpub(xpub("m/84'/0'/0'"), 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(evmAddressFromXpub(xpub("m/44'/60'/0'"), 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(tronAddressFromXpub(xpub("m/44'/195'/0'"), 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('give a different, valid address per user', () => {
    const a = new Set<string>();
    for (let i = 1; i <= 20; i += 1) {
      const btc = btcAddressFromXpub(xpub("m/84'/0'/0'"), i);
      const tron = tronAddressFromXpub(xpub("m/44'/195'/0'"), i);
      expect(isValidAddress('btc', btc)).toBe(true);
      expect(isValidAddress('tron', tron)).toBe(true);
      a.add(btc).add(tron);
    }
    expect(a.size).toBe(40);
  });
});
