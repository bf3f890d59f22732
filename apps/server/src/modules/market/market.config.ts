import { z } from 'zod';

/**
 * Settings of the market module, read from the environment once at start-up:
 * PRICE_SOURCE      simulated (default, labelled demo) | ccxt (live median of PRICE_VENUES)
 * PRICE_SEED        seed of the simulated path (same seed → same path); unset (the default): a secret seed drawn
 *                   on first start and kept by the installation (demo-seed.ts) — for tests and reproducible demos
 * PRICE_VENUES      ccxt exchange ids, comma-separated (live source)
 * PRICE_MIN_VENUES  answers needed for a live quote
 * PRICE_STALE_SECONDS  a price older than this pauses whatever depends on it
 * PRICE_TICK_MS     how often the index is sampled
 */
const schema = z.object({
  PRICE_SOURCE: z.enum(['simulated', 'ccxt']).default('simulated'),
  PRICE_SEED: z.string().min(1).optional(),
  PRICE_VENUES: z.string().default('binance,okx,kraken'),
  PRICE_MIN_VENUES: z.coerce.number().int().min(1).default(2),
  PRICE_STALE_SECONDS: z.coerce.number().int().min(1).default(15),
  PRICE_TICK_MS: z.coerce.number().int().min(100).default(1000),
});

export interface MarketConfig {
  source: 'simulated' | 'ccxt';
  /** An explicit seed (tests); undefined: the installation's secret seed. */
  seed: string | undefined;
  venues: string[];
  minVenues: number;
  staleMs: number;
  tickMs: number;
}

export function loadMarketConfig(env: NodeJS.ProcessEnv = process.env): MarketConfig {
  const e = schema.parse(env);
  return {
    source: e.PRICE_SOURCE,
    seed: e.PRICE_SEED,
    venues: e.PRICE_VENUES.split(',')
      .map((v) => v.trim())
      .filter(Boolean),
    minVenues: e.PRICE_MIN_VENUES,
    staleMs: e.PRICE_STALE_SECONDS * 1000,
    tickMs: e.PRICE_TICK_MS,
  };
}
