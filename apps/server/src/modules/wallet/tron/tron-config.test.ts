import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { loadTronConfig } from './tron-config.ts';

const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).derive("m/44'/195'/0'").publicExtendedKey;

describe('TRON settings', () => {
  it('are off unless TRON_NODE_URL is set, default to mainnet USDT and read the signer key', () => {
    expect(loadTronConfig({})).toBeNull();
    const c = loadTronConfig({
      TRON_NODE_URL: 'http://127.0.0.1:8090',
      TRON_XPUB: xpub,
      TRON_SIGNER_KEY: '33'.repeat(32),
    });
    expect(c).toMatchObject({
      network: 'TRC20',
      tokens: [{ currency: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
      feeLimitSun: 50_000_000,
      pollMs: 3000,
      hotKey: '33'.repeat(32),
    });
    expect(() =>
      loadTronConfig({ TRON_NODE_URL: 'http://127.0.0.1:8090', TRON_XPUB: xpub, TRON_TOKENS: 'USDT:T123' }),
    ).toThrow(/TRON_TOKENS/);
  });
});
