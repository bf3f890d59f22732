import type { WindowCounter } from './window-counter.ts';

/** The two calls of pino's logger this counter makes. */
export interface CounterLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The shared count, or this node's own count while the shared store cannot be reached. Failing open is
 * deliberate: refusing every bot request while Redis is down would stop bots from cancelling their orders and
 * make a cache an outage of trading, whereas the node's own count still holds each client to the limit per node
 * — what a deployment without Redis allows. The node's count is kept all along, so a fallback starts from what
 * this node has already served in the window. After a failure the shared store is left alone for `retryMs`, so a
 * hung Redis costs one command timeout per pause rather than one per request.
 */
export class FailOpenWindowCounter implements WindowCounter {
  private readonly shared: WindowCounter;
  private readonly own: WindowCounter;
  private readonly name: string;
  private readonly log: CounterLog;
  private readonly retryMs: number;
  private readonly monotonic: () => number;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  private down = false;

  constructor(
    shared: WindowCounter,
    own: WindowCounter,
    opts: {
      name: string;
      log: CounterLog;
      retryMs?: number;
      /** Real elapsed time for the pause (not the business clock, which tests may stop). */
      monotonic?: () => number;
    },
  ) {
    this.shared = shared;
    this.own = own;
    this.name = opts.name;
    this.log = opts.log;
    this.retryMs = opts.retryMs ?? 1000;
    this.monotonic = opts.monotonic ?? (() => performance.now());
  }

  async add(key: string, weight: number, now: number): Promise<number> {
    const own = await this.own.add(key, weight, now);
    const t = this.monotonic();
    if (t < this.pausedUntil) return own;
    try {
      const total = await this.shared.add(key, weight, now);
      if (this.down) {
        this.down = false;
        this.log.info({ counter: this.name }, 'bot API limit: counting across nodes again');
      }
      return total;
    } catch (err) {
      this.pausedUntil = t + this.retryMs;
      if (!this.down) {
        this.down = true;
        this.log.warn(
          { counter: this.name, err: (err as Error).message },
          'bot API limit: shared store unreachable, counting on this node only',
        );
      }
      return own;
    }
  }
}
