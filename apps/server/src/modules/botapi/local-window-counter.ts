import type { WindowCounter } from './window-counter.ts';

/** Counts in this process: the default, and each node's own count when the shared store cannot be reached. */
export class LocalWindowCounter implements WindowCounter {
  private readonly windowMs: number;
  private readonly counts = new Map<string, { start: number; used: number }>();

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  async add(key: string, weight: number, now: number): Promise<number> {
    const start = now - (now % this.windowMs);
    let c = this.counts.get(key);
    if (!c || c.start !== start) {
      c = { start, used: 0 };
      this.counts.set(key, c);
      // one entry per client address: forget finished windows before the map grows without bound
      if (this.counts.size > 100_000) this.sweep(start);
    }
    c.used += weight;
    return c.used;
  }

  private sweep(start: number): void {
    for (const [k, c] of this.counts) if (c.start !== start) this.counts.delete(k);
  }
}
