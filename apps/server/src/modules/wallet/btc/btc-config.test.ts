import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { loadBtcConfig } from './btc-config.ts';

const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).derive("m/84'/0'/0'").publicExtendedKey;

describe('Bitcoin settings', () => {
  it('are off unless BTC_ESPLORA_URL is set; without a signer key withdrawals stay off', () => {
    expect(loadBtcConfig({})).toBeNull();
    const c = loadBtcConfig({ BTC_ESPLORA_URL: 'http://127.0.0.1:3002', BTC_XPUB: xpub });
    expect(c).toMatchObject({ network: 'BTC', maxFeeRate: 200n, pollMs: 60_000 });
    expect(c?.hotKey).toBeUndefined();
    expect(() => loadBtcConfig({ BTC_ESPLORA_URL: 'http://127.0.0.1:3002', BTC_XPUB: 'zpub-nope' })).toThrow();
  });
});
