import type { Redis } from 'ioredis';
import type { WindowCounter } from './window-counter.ts';

export interface RedisWindowCounterDeps {
  redis: Redis;
  /** e.g. `tidemark:botapi:spot:weight:` */
  prefix: string;
  windowMs: number;
}

/**
 * Counts in Redis, so every node adds to the same window. The key is named by the window's start: a new window
 * is a new key and nothing has to be reset, and INCRBY with PEXPIRE in one MULTI is a single atomic round trip.
 * Errors are thrown: what to do without Redis is FailOpenWindowCounter's decision.
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly deps: RedisWindowCounterDeps;
  constructor(deps: RedisWindowCounterDeps) {
    this.deps = deps;
  }

  async add(key: string, weight: number, now: number): Promise<number> {
    const start = now - (now % this.deps.windowMs);
    const k = `${this.deps.prefix}${start}:${key}`;
    // the expiry only collects old keys: a window's length from its latest write outlasts the window whatever
    // the nodes' clocks say, and the key is never read again once its window has passed
    const replies = await this.deps.redis.multi().incrby(k, weight).pexpire(k, this.deps.windowMs).exec();
    if (!replies) throw new Error('Redis discarded the transaction');
    const [incr] = replies;
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis returned no count');
    return Number(incr[1]);
  }
}
