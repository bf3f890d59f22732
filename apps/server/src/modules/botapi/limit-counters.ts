import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { connectRedis } from '../../platform/redis/redis-connection.ts';
import { FailOpenWindowCounter } from './fail-open-window-counter.ts';
import { LocalWindowCounter } from './local-window-counter.ts';
import { RedisWindowCounter } from './redis-window-counter.ts';
import type { WindowCounter } from './window-counter.ts';

/** Binance's windows: request weight per minute, orders per ten seconds. */
const WEIGHT_WINDOW_MS = 60_000;
const ORDER_WINDOW_MS = 10_000;

/** One API's counters: spot and futures each have their own, as on Binance. */
export interface AreaCounters {
  /** Request weight per client address. */
  weights: WindowCounter;
  /** New orders per API key. */
  orders: WindowCounter;
}

/**
 * Where the bot API's limits are counted: in this process, or with REDIS_URL in Redis under
 * `<REDIS_KEY_PREFIX>botapi:`, shared by every node and falling back to the node's own count when Redis
 * cannot be reached.
 */
export class LimitCounters {
  private readonly redis: Redis | null;
  private readonly prefix: string;
  private readonly log: Logger;

  private constructor(redis: Redis | null, prefix: string, log: Logger) {
    this.redis = redis;
    this.prefix = prefix;
    this.log = log;
  }

  static async open(config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>, log: Logger): Promise<LimitCounters> {
    if (!config.redisUrl) return new LimitCounters(null, '', log);
    const redis = await connectRedis(config.redisUrl, log);
    return new LimitCounters(redis, `${config.redisKeyPrefix}botapi:`, log);
  }

  /** Whether the counts are shared through Redis. */
  get shared(): boolean {
    return this.redis !== null;
  }

  forArea(area: 'spot' | 'futures' | 'capital'): AreaCounters {
    return {
      weights: this.counter(`${area}:weight`, WEIGHT_WINDOW_MS),
      orders: this.counter(`${area}:orders`, ORDER_WINDOW_MS),
    };
  }

  close(): void {
    this.redis?.disconnect();
  }

  private counter(name: string, windowMs: number): WindowCounter {
    const own = new LocalWindowCounter(windowMs);
    if (!this.redis) return own;
    const shared = new RedisWindowCounter({ redis: this.redis, prefix: `${this.prefix}${name}:`, windowMs });
    return new FailOpenWindowCounter(shared, own, { name, log: this.log });
  }
}
