import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { loadEvmConfig, openKeystore, sealKeystore } from './evm-config.ts';

const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).derive("m/44'/60'/0'").publicExtendedKey;
const base = { EVM_NETWORK: 'ERC20', EVM_RPC_URL: 'http://127.0.0.1:18502', EVM_XPUB: xpub };

describe('EVM settings', () => {
  it('are off unless EVM_NETWORK is set (the simulated chain stays the default)', () => {
    expect(loadEvmConfig({})).toBeNull();
  });

  it('read tokens and refuse a token that does not move on the network or a malformed entry', () => {
    const c = loadEvmConfig({ ...base, EVM_TOKENS: 'USDT:0xdAC17F958D2ee523a2206206994597C13D831ec7:6' });
    expect(c?.tokens).toEqual([
      { currency: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    ]);
    expect(c?.signer).toBeUndefined();
    expect(() => loadEvmConfig({ ...base, EVM_TOKENS: 'BTC:0xdAC17F958D2ee523a2206206994597C13D831ec7:8' })).toThrow(
      /does not move/,
    );
    expect(() => loadEvmConfig({ ...base, EVM_TOKENS: 'USDT:0x12:6' })).toThrow(/EVM_TOKENS/);
    expect(() => loadEvmConfig({ ...base, EVM_XPUB: 'xprv-nope' })).toThrow();
  });

  it('open an encrypted keystore only with its password', () => {
    const keys = { hotKey: `0x${'11'.repeat(32)}` as const, depositXprv: 'xprv-test' };
    const sealed = sealKeystore(keys, 'correct horse');
    expect(sealed).not.toContain('1111');
    expect(openKeystore(sealed, 'correct horse')).toEqual(keys);
    expect(() => openKeystore(sealed, 'wrong')).toThrow();
  });
});
