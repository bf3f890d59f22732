import fs from 'node:fs';
import { openKeystore } from './evm/evm-config.ts';

/**
 * A network signer's hot wallet key from the environment, the same two ways as the EVM signer's:
 * `<PREFIX>_SIGNER_KEYSTORE` + `<PREFIX>_SIGNER_PASSWORD`, an encrypted file written by `sealKeystore`
 * (scrypt + AES-256-GCM; its `hotKey`), or `<PREFIX>_SIGNER_KEY`, 32 bytes of hex in plain text
 * (development; prefer the keystore). Undefined when neither is set: the network then takes
 * deposits and suspends withdrawals.
 */
export function loadHotKey(prefix: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const keystore = env[`${prefix}_SIGNER_KEYSTORE`];
  let key: string | undefined;
  if (keystore) {
    const password = env[`${prefix}_SIGNER_PASSWORD`];
    if (!password) throw new Error(`${prefix}_SIGNER_KEYSTORE needs ${prefix}_SIGNER_PASSWORD`);
    key = openKeystore(fs.readFileSync(keystore, 'utf8'), password).hotKey;
  } else key = env[`${prefix}_SIGNER_KEY`];
  if (key === undefined) return undefined;
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new Error(`${prefix} signer key: not 32 bytes of hex`);
  return key.replace(/^0x/, '');
}
