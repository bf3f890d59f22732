import type { Clock } from '../../platform/clock.ts';

/**
 * Counts attempts per key in a sliding window (in memory, per process). Used for the per-account
 * login limit, which @fastify/rate-limit cannot key on because it runs before the body is read.
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly clock: Clock;
  constructor(max: number, windowMs: number, clock: Clock) {
    this.max = max;
    this.windowMs = windowMs;
    this.clock = clock;
  }

  /** Records an attempt; returns the seconds to wait when the key is over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 100_000) this.prune(now);
    return 0;
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((at) => at > now - this.windowMs)) this.hits.delete(key);
    }
  }
}
