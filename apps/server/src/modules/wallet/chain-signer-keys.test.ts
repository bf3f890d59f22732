import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHotKey } from './chain-signer-keys.ts';
import { sealKeystore } from './evm/evm-config.ts';

describe('network signer keys from the environment', () => {
  const key = '22'.repeat(32);

  it('are absent unless set, and read from plain text or an encrypted keystore with its password', () => {
    expect(loadHotKey('TRON', {})).toBeUndefined();
    expect(loadHotKey('BTC', { BTC_SIGNER_KEY: `0x${key}` })).toBe(key);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'keystore-')), 'tron.json');
    fs.writeFileSync(file, sealKeystore({ hotKey: `0x${key}` }, 'correct horse'));
    expect(loadHotKey('TRON', { TRON_SIGNER_KEYSTORE: file, TRON_SIGNER_PASSWORD: 'correct horse' })).toBe(key);
    expect(() => loadHotKey('TRON', { TRON_SIGNER_KEYSTORE: file, TRON_SIGNER_PASSWORD: 'wrong' })).toThrow();
    expect(() => loadHotKey('TRON', { TRON_SIGNER_KEYSTORE: file })).toThrow(/PASSWORD/);
    expect(() => loadHotKey('BTC', { BTC_SIGNER_KEY: 'abc' })).toThrow(/32 bytes/);
  });
});
