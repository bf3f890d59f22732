/**
 * A count per key in fixed windows (a minute of request weight, ten seconds of orders). Asynchronous because
 * the count may live in another process (Redis) shared by every node.
 */
export interface WindowCounter {
  /** Adds `weight` to `key`'s window that holds `now` (epoch ms) and returns that window's total. */
  add(key: string, weight: number, now: number): Promise<number>;
}
