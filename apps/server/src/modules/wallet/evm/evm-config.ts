import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { createPublicClient, http, isAddress, type Address, type Hex, type PublicClient } from 'viem';
import { chainOf } from '../../market/currencies.ts';
import type { EvmToken } from './evm-chain.ts';

/**
 * An EVM network served by a real chain instead of the simulated one, from the environment. Unset
 * EVM_NETWORK: nothing changes (the demo default).
 *
 * EVM_NETWORK           the platform's network name it serves (ERC20, BEP20, …)
 * EVM_RPC_URL           the node's JSON-RPC endpoint
 * EVM_XPUB              account-level extended public key (m/44'/60'/0'); user n deposits to 0/n
 * EVM_NATIVE_CURRENCY   the coin paying gas (ETH)
 * EVM_TOKENS            "USDT:0xTokenAddress:6,USDC:0x…:6"
 * EVM_START_BLOCK       where a fresh watcher starts (default: the head at first start)
 * EVM_POLL_SECONDS      watcher interval (default 12)
 * Signer (optional; without it deposits work, withdrawals and sweeps are suspended):
 * EVM_SIGNER_KEYSTORE + EVM_SIGNER_PASSWORD  an encrypted keystore file (see sealKeystore), or
 * EVM_SIGNER_KEY + EVM_SIGNER_DEPOSIT_XPRV  the hot wallet's key and the deposit addresses' xprv
 */
const schema = z.object({
  EVM_NETWORK: z.string().regex(/^[A-Z0-9]{2,10}$/),
  EVM_RPC_URL: z.string().url(),
  EVM_XPUB: z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
  EVM_NATIVE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{2,10}$/)
    .default('ETH'),
  EVM_TOKENS: z.string().default(''),
  EVM_START_BLOCK: z.coerce.bigint().optional(),
  EVM_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(12),
  EVM_SIGNER_KEYSTORE: z.string().optional(),
  EVM_SIGNER_PASSWORD: z.string().optional(),
  EVM_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  EVM_SIGNER_DEPOSIT_XPRV: z.string().optional(),
});

export interface SignerKeys {
  hotKey: Hex;
  depositXprv?: string | undefined;
}

export interface EvmConfig {
  network: string;
  client: PublicClient;
  xpub: string;
  nativeCurrency: string;
  tokens: EvmToken[];
  startBlock?: bigint | undefined;
  pollMs: number;
  signer?: SignerKeys | undefined;
}

export function parseTokens(spec: string, network: string): EvmToken[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [currency, address, decimals] = entry.split(':');
      if (!currency || !address || !isAddress(address) || !/^\d{1,2}$/.test(decimals ?? '')) {
        throw new Error(`EVM_TOKENS: "${entry}" is not CURRENCY:0xAddress:decimals`);
      }
      if (!chainOf(currency, network)) throw new Error(`EVM_TOKENS: ${currency} does not move on ${network}`);
      return { currency, address: address as Address, decimals: Number(decimals) };
    });
}

/** Encrypts signer keys for EVM_SIGNER_KEYSTORE (scrypt + AES-256-GCM). */
export function sealKeystore(keys: SignerKeys, password: string): string {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const key = crypto.scryptSync(password, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
  return JSON.stringify({
    version: 1,
    kdf: 'scrypt',
    salt: salt.toString('hex'),
    iv: iv.toString('hex'),
    tag: cipher.getAuthTag().toString('hex'),
    data: data.toString('hex'),
  });
}

export function openKeystore(text: string, password: string): SignerKeys {
  const k = JSON.parse(text) as { salt: string; iv: string; tag: string; data: string };
  const key = crypto.scryptSync(password, Buffer.from(k.salt, 'hex'), 32, {
    N: 1 << 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(k.iv, 'hex'));
  decipher.setAuthTag(Buffer.from(k.tag, 'hex'));
  const plain = Buffer.concat([decipher.update(Buffer.from(k.data, 'hex')), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as SignerKeys;
}

/** The configured EVM network, or null when EVM_NETWORK is unset (demo). */
export function loadEvmConfig(env: NodeJS.ProcessEnv = process.env): EvmConfig | null {
  if (!env.EVM_NETWORK) return null;
  const e = schema.parse(env);
  let signer: SignerKeys | undefined;
  if (e.EVM_SIGNER_KEYSTORE) {
    if (!e.EVM_SIGNER_PASSWORD) throw new Error('EVM_SIGNER_KEYSTORE needs EVM_SIGNER_PASSWORD');
    signer = openKeystore(fs.readFileSync(e.EVM_SIGNER_KEYSTORE, 'utf8'), e.EVM_SIGNER_PASSWORD);
  } else if (e.EVM_SIGNER_KEY) {
    signer = { hotKey: e.EVM_SIGNER_KEY as Hex, depositXprv: e.EVM_SIGNER_DEPOSIT_XPRV };
  }
  return {
    network: e.EVM_NETWORK,
    client: createPublicClient({ transport: http(e.EVM_RPC_URL) }),
    xpub: e.EVM_XPUB,
    nativeCurrency: e.EVM_NATIVE_CURRENCY,
    tokens: parseTokens(e.EVM_TOKENS, e.EVM_NETWORK),
    startBlock: e.EVM_START_BLOCK,
    pollMs: e.EVM_POLL_SECONDS * 1000,
    signer,
  };
}
