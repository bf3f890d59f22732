import { z } from 'zod';
import { loadHotKey } from '../chain-signer-keys.ts';

/**
 * The Bitcoin network served by an Esplora API instead of the simulated chain, from the environment.
 * Unset BTC_ESPLORA_URL: nothing changes (the demo default).
 *
 * BTC_ESPLORA_URL     an Esplora-compatible API (your own electrs, or blockstream.info / mempool.space)
 * BTC_NETWORK         the platform's network name it serves (default BTC)
 * BTC_XPUB            account-level extended public key (m/84'/0'/0'); user n deposits to 0/n (P2WPKH)
 * BTC_POLL_SECONDS    watcher interval (default 60)
 * BTC_MAX_FEE_RATE    the highest fee rate (sat/vB) a withdrawal may pay (default 200)
 * Signer (optional; without it deposits work, withdrawals are suspended):
 * BTC_SIGNER_KEYSTORE + BTC_SIGNER_PASSWORD, or BTC_SIGNER_KEY (chain-signer-keys.ts)
 */
const schema = z.object({
  BTC_ESPLORA_URL: z.string().url(),
  BTC_NETWORK: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .default('BTC'),
  BTC_XPUB: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
  BTC_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  BTC_MAX_FEE_RATE: z.coerce.bigint().min(1n).max(10_000n).default(200n),
});

export interface BtcConfig {
  network: string;
  baseUrl: string;
  xpub: string;
  pollMs: number;
  maxFeeRate: bigint;
  hotKey?: string | undefined;
}

/** The configured Bitcoin network, or null when BTC_ESPLORA_URL is unset (demo). */
export function loadBtcConfig(env: NodeJS.ProcessEnv = process.env): BtcConfig | null {
  if (!env.BTC_ESPLORA_URL) return null;
  const e = schema.parse(env);
  return {
    network: e.BTC_NETWORK,
    baseUrl: e.BTC_ESPLORA_URL,
    xpub: e.BTC_XPUB,
    pollMs: e.BTC_POLL_SECONDS * 1000,
    maxFeeRate: e.BTC_MAX_FEE_RATE,
    hotKey: loadHotKey('BTC', env),
  };
}
