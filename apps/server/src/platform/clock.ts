/** Time comes from a clock object so jobs and expiries can be driven by tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock the tests move by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * Real time plus an offset that only moves forward: what end-to-end tests use (DEV_CLOCK=true,
 * never in production) to reach tomorrow's accrual or a contract's expiry without waiting.
 */
export class OffsetClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    if (ms > 0) this.offset += ms;
  }
}
