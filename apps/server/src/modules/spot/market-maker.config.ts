import { z } from 'zod';
import { parseRate, parseUnits } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import { MARKETS } from './markets.ts';

/**
 * Settings of the spot market maker, read from the environment once at start-up:
 * SPOT_MARKET_MAKER       on | off (default on, off when NODE_ENV=test)
 * SPOT_MM_SPREAD          distance of the first level from the index, as a rate (default 0.0002)
 * SPOT_MM_STEP            extra distance per further level (default 0.0002; at least one tick)
 * SPOT_MM_LEVELS          levels per side (default 20)
 * SPOT_MM_LEVEL_USDT      value of the first level in USDT (default 3000)
 * SPOT_MM_LEVEL_GROWTH    each further level is larger by this share of the first (default 0.25)
 * SPOT_MM_MARKETS         per-market overrides as JSON, e.g. {"DOGEUSDT":{"spread":"0.0005","levels":10}}
 *                         (keys: spread, step, levels, levelUsdt, growth)
 * SPOT_MM_REQUOTE         index move that triggers a requote, as a rate (default 0.002)
 * SPOT_MM_INTERVAL_MS     how often quotes are checked (default 2000)
 * SPOT_DEMO_TAKER         on | off (default on when prices are simulated)
 * SPOT_DEMO_TAKER_SKIP    markets the demo taker leaves alone, comma-separated (default none), e.g. to keep a
 *                         market without trades in a demo
 */
const schema = z.object({
  SPOT_MARKET_MAKER: z.enum(['on', 'off']).optional(),
  SPOT_MM_SPREAD: z.string().default('0.0002'),
  SPOT_MM_STEP: z.string().default('0.0002'),
  SPOT_MM_LEVELS: z.coerce.number().int().min(1).max(50).default(20),
  SPOT_MM_LEVEL_USDT: z.string().default('3000'),
  SPOT_MM_LEVEL_GROWTH: z.string().default('0.25'),
  SPOT_MM_MARKETS: z.string().default('{}'),
  SPOT_MM_REQUOTE: z.string().default('0.002'),
  SPOT_MM_INTERVAL_MS: z.coerce.number().int().min(200).default(2000),
  SPOT_DEMO_TAKER: z.enum(['on', 'off']).optional(),
  SPOT_DEMO_TAKER_SKIP: z.string().default(''),
});

/** How one market is quoted (rates at RATE_SCALE, USDT in minor units). */
export interface QuoteShape {
  spread: bigint;
  step: bigint;
  levels: number;
  levelUsdt: bigint;
  growth: bigint;
}

const marketOverride = z
  .object({
    spread: z.string().optional(),
    step: z.string().optional(),
    levels: z.number().int().min(1).max(50).optional(),
    levelUsdt: z.string().optional(),
    growth: z.string().optional(),
  })
  .strict();

export interface MarketMakerConfig extends QuoteShape {
  enabled: boolean;
  /** Per-market overrides of the shape above. */
  markets: Record<string, QuoteShape>;
  requote: bigint;
  intervalMs: number;
  demoTaker: boolean | null; // null: on when prices are simulated
  /** The markets the demo taker trades on. */
  demoTakerMarkets: string[];
}

export function loadMarketMakerConfig(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): MarketMakerConfig {
  const e = schema.parse(env);
  const shape: QuoteShape = {
    spread: parseRate(e.SPOT_MM_SPREAD),
    step: parseRate(e.SPOT_MM_STEP),
    levels: e.SPOT_MM_LEVELS,
    levelUsdt: parseUnits(e.SPOT_MM_LEVEL_USDT, 6),
    growth: parseRate(e.SPOT_MM_LEVEL_GROWTH),
  };
  const overrides = z.record(z.string(), marketOverride).parse(JSON.parse(e.SPOT_MM_MARKETS));
  const markets: Record<string, QuoteShape> = {};
  for (const [symbol, o] of Object.entries(overrides)) {
    if (!MARKETS.some((m) => m.symbol === symbol)) throw new Error(`SPOT_MM_MARKETS: unknown market ${symbol}`);
    markets[symbol] = {
      spread: o.spread === undefined ? shape.spread : parseRate(o.spread),
      step: o.step === undefined ? shape.step : parseRate(o.step),
      levels: o.levels ?? shape.levels,
      levelUsdt: o.levelUsdt === undefined ? shape.levelUsdt : parseUnits(o.levelUsdt, 6),
      growth: o.growth === undefined ? shape.growth : parseRate(o.growth),
    };
  }
  const skip = e.SPOT_DEMO_TAKER_SKIP.split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const symbol of skip)
    if (!MARKETS.some((m) => m.symbol === symbol)) throw new Error(`SPOT_DEMO_TAKER_SKIP: unknown market ${symbol}`);
  return {
    enabled: (e.SPOT_MARKET_MAKER ?? (ctx.config.env === 'test' ? 'off' : 'on')) === 'on',
    ...shape,
    markets,
    requote: parseRate(e.SPOT_MM_REQUOTE),
    intervalMs: e.SPOT_MM_INTERVAL_MS,
    demoTaker: e.SPOT_DEMO_TAKER === undefined ? null : e.SPOT_DEMO_TAKER === 'on',
    demoTakerMarkets: MARKETS.map((m) => m.symbol).filter((s) => !skip.includes(s)),
  };
}
