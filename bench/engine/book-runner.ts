// What run.ts needs from each order book under test.

export interface Depth {
  /** [price, total quantity], best first. */
  bids: [number, number][];
  asks: [number, number][];
  resting: number;
  /** Trades made and lots traded in the pass, for the books that count them (compared where both do). */
  traded?: { trades: number; qty: number };
}

export interface BookRunner {
  readonly name: string;
  /** A fresh book holding the workload's starting orders (not timed). */
  reset(): void;
  /** Runs the first `count` operations of the stream in a tight loop (the throughput pass). */
  runAll(count: number): void;
  /** Runs operation `i` alone (the latency pass times each call). */
  step(i: number): void;
  depth(): Depth;
}
