import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bech32 } from '@scure/base';
import { deriveDepositAddress, isValidAddress } from './addresses.ts';

describe('chain addresses', () => {
  it('accepts well-known valid addresses', () => {
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true); // EIP-55 test vector
    expect(isValidAddress('evm', '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(true);
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT contract
    expect(isValidAddress('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true); // BIP-173 vector
    // the BIP-173 vector's program under Litecoin's prefix
    const ltc = bech32.encode('ltc', [
      0,
      ...bech32.toWords(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')),
    ]);
    expect(isValidAddress('ltc', ltc)).toBe(true);
    expect(isValidAddress('btc', ltc)).toBe(false);
    expect(isValidAddress('doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(true);
  });

  it('refuses typos, wrong checksums and other chains', () => {
    expect(isValidAddress('evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false); // one case flipped
    expect(isValidAddress('evm', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false); // 39 hex
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('btc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('btc', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false); // legacy not offered
    expect(isValidAddress('tron', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M')).toBe(false);
  });

  it('derives a valid, stable, per-user address for every format (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('evm', 'tron', 'btc', 'ltc', 'doge') as fc.Arbitrary<'evm'>,
        fc.integer({ min: 1, max: 1e9 }),
        (format, userId) => {
          const a = deriveDepositAddress('seed', format, userId);
          expect(isValidAddress(format, a)).toBe(true);
          expect(deriveDepositAddress('seed', format, userId)).toBe(a);
          expect(deriveDepositAddress('seed', format, userId + 1)).not.toBe(a);
          expect(deriveDepositAddress('other', format, userId)).not.toBe(a);
        },
      ),
      { numRuns: 200 },
    );
    expect(deriveDepositAddress('s', 'tron', 1)).toMatch(/^T/);
    expect(deriveDepositAddress('s', 'btc', 1)).toMatch(/^bc1q/);
  });
});
