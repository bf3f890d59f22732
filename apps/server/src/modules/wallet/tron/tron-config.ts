import { z } from 'zod';
import { isValidAddress } from '../addresses.ts';
import { loadHotKey } from '../chain-signer-keys.ts';

/**
 * The TRON network served by a full node instead of the simulated chain, from the environment.
 * Unset TRON_NODE_URL: nothing changes (the demo default).
 *
 * TRON_NODE_URL          the full node's HTTP API (java-tron, port 8090, or a provider)
 * TRON_NETWORK           the platform's network name it serves (default TRC20)
 * TRON_XPUB              account-level extended public key (m/44'/195'/0'); user n deposits to 0/n
 * TRON_TOKENS            "USDT:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" (default: USDT's mainnet contract)
 * TRON_START_BLOCK       where a fresh watcher starts (default: the head at first start)
 * TRON_POLL_SECONDS      watcher interval (default 3, one block)
 * TRON_FEE_LIMIT_SUN     the most TRX (sun) one withdrawal may burn (default 50 TRX)
 * Signer (optional; without it deposits work, withdrawals are suspended):
 * TRON_SIGNER_KEYSTORE + TRON_SIGNER_PASSWORD, or TRON_SIGNER_KEY (chain-signer-keys.ts)
 */
const schema = z.object({
  TRON_NODE_URL: z.string().url(),
  TRON_NETWORK: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .default('TRC20'),
  TRON_XPUB: z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
  TRON_TOKENS: z.string().default('USDT:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  TRON_START_BLOCK: z.coerce.bigint().optional(),
  TRON_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(3),
  TRON_FEE_LIMIT_SUN: z.coerce.number().int().min(1).max(1_000_000_000).default(50_000_000),
});

export interface TronConfig {
  network: string;
  baseUrl: string;
  xpub: string;
  tokens: { currency: string; address: string }[];
  startBlock?: bigint | undefined;
  pollMs: number;
  feeLimitSun: number;
  hotKey?: string | undefined;
}

/** The configured TRON network, or null when TRON_NODE_URL is unset (demo). */
export function loadTronConfig(env: NodeJS.ProcessEnv = process.env): TronConfig | null {
  if (!env.TRON_NODE_URL) return null;
  const e = schema.parse(env);
  const tokens = e.TRON_TOKENS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [currency, address] = entry.split(':');
      if (!currency || !address || !isValidAddress('tron', address)) {
        throw new Error(`TRON_TOKENS: "${entry}" is not CURRENCY:T…address`);
      }
      return { currency, address };
    });
  return {
    network: e.TRON_NETWORK,
    baseUrl: e.TRON_NODE_URL,
    xpub: e.TRON_XPUB,
    tokens,
    startBlock: e.TRON_START_BLOCK,
    pollMs: e.TRON_POLL_SECONDS * 1000,
    feeLimitSun: e.TRON_FEE_LIMIT_SUN,
    hotKey: loadHotKey('TRON', env),
  };
}
