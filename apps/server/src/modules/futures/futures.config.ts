import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';

/**
 * Settings of the futures module, read from the environment at start-up:
 * FUTURES_TICK_MS        how often marks are computed and positions re-evaluated (default 1000; 0 = no
 *                        background job — tests call FuturesService.tick() themselves)
 * FUTURES_MARKET_MAKER   on | off (default on, off when NODE_ENV=test)
 * FUTURES_MM_SPREAD      distance of the first quote from the mark, as a rate (default 0.0005)
 * FUTURES_MM_LEVELS      levels per side (default 5)
 * FUTURES_MM_LEVEL_USDT  value of each level in USDT (default 5000)
 * FUTURES_DEFAULT_LEVERAGE  the leverage of a contract the user never set (default 5: a newcomer starts
 *                        modest; each contract then keeps the user's last choice)
 * FUTURES_WS_PRICE_MS    least time between two price-driven `/ws` snapshots of one user's positions and
 *                        account (default 1000: one per mark tick)
 * FUTURES_MARGIN_WARNING the margin ratio (maintenance / margin balance; liquidation at 1) at which the
 *                        `futures.alerts` channel warns (default 0.8)
 */
const schema = z.object({
  FUTURES_TICK_MS: z.coerce.number().int().min(0).default(1000),
  FUTURES_MARKET_MAKER: z.enum(['on', 'off']).optional(),
  FUTURES_MM_SPREAD: z.string().default('0.0005'),
  FUTURES_MM_LEVELS: z.coerce.number().int().min(1).max(50).default(5),
  FUTURES_MM_LEVEL_USDT: z.string().default('5000'),
  FUTURES_DEFAULT_LEVERAGE: z.coerce.number().int().min(1).max(125).default(5),
  FUTURES_WS_PRICE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  FUTURES_MARGIN_WARNING: z
    .string()
    .regex(/^0\.\d{1,8}$/, 'a rate between 0 and 1, e.g. 0.8')
    .default('0.8'),
});

export interface FuturesConfig {
  tickMs: number;
  marketMaker: boolean;
  mmSpread: string;
  mmLevels: number;
  mmLevelUsdt: string;
  defaultLeverage: number;
  wsPriceMs: number;
  /** Decimal text, e.g. "0.8". */
  marginWarning: string;
}

export function loadFuturesConfig(ctx: AppContext, env: NodeJS.ProcessEnv = process.env): FuturesConfig {
  const e = schema.parse(env);
  return {
    tickMs: e.FUTURES_TICK_MS,
    marketMaker: (e.FUTURES_MARKET_MAKER ?? (ctx.config.env === 'test' ? 'off' : 'on')) === 'on',
    mmSpread: e.FUTURES_MM_SPREAD,
    mmLevels: e.FUTURES_MM_LEVELS,
    mmLevelUsdt: e.FUTURES_MM_LEVEL_USDT,
    defaultLeverage: e.FUTURES_DEFAULT_LEVERAGE,
    wsPriceMs: e.FUTURES_WS_PRICE_MS,
    marginWarning: e.FUTURES_MARGIN_WARNING,
  };
}
