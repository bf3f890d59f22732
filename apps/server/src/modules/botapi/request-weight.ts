/**
 * The bot API's limits, Binance's: request weight per client address per minute and new orders per API key per
 * ten seconds. Where they are counted: limit-counters.ts.
 */
export interface BotApiLimits {
  /** Request weight per IP per minute (Binance: 6000). */
  weightPerMinute: number;
  /** Orders per API key per 10 seconds (Binance: 100). */
  ordersPer10s: number;
}

/** BOTAPI_WEIGHT_PER_MINUTE / BOTAPI_ORDERS_PER_10S, positive integers. */
export function loadBotApiLimits(env: NodeJS.ProcessEnv = process.env): BotApiLimits {
  const read = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    if (!/^[1-9]\d{0,8}$/.test(v)) throw new Error(`${name} must be a positive integer`);
    return Number(v);
  };
  return {
    weightPerMinute: read('BOTAPI_WEIGHT_PER_MINUTE', 6000),
    ordersPer10s: read('BOTAPI_ORDERS_PER_10S', 100),
  };
}
