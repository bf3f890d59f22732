import { PriceLevel } from './price-level.ts';

// One side of the book: its non-empty price levels in a plain array sorted from worst to best, so the best
// level is the last element (read and removed in O(1) while matching). Finding or inserting a level is a binary
// search; a book has a few hundred levels, so the occasional splice is a short memmove. Ticks can be anywhere in
// the safe-integer range, which rules out an array indexed by tick.

export class BookSide {
  readonly isBid: boolean;
  readonly levels: PriceLevel[] = [];
  private readonly spare: PriceLevel[] = [];

  constructor(isBid: boolean) {
    this.isBid = isBid;
  }

  best(): PriceLevel | null {
    const n = this.levels.length;
    return n === 0 ? null : this.levels[n - 1]!;
  }

  /** The level at `price`, created (empty) in place if the side has none. */
  levelFor(price: number): PriceLevel {
    const levels = this.levels;
    const n = levels.length;
    // Most new orders join the best level or one just behind it: look there before searching.
    if (n > 0) {
      const top = levels[n - 1]!;
      if (top.price === price) return top;
      if (this.isBetter(price, top.price)) return this.insertAt(n, price);
    }
    const i = this.lowerBound(price);
    if (i < n && levels[i]!.price === price) return levels[i]!;
    return this.insertAt(i, price);
  }

  /** The level at `price`, or null. */
  find(price: number): PriceLevel | null {
    const i = this.lowerBound(price);
    const level = this.levels[i];
    return level !== undefined && level.price === price ? level : null;
  }

  /** Takes an empty level out of the side and keeps the object for reuse. */
  drop(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) levels.pop();
    else levels.splice(this.lowerBound(level.price), 1);
    level.head = null;
    level.tail = null;
    level.qty = 0;
    level.count = 0;
    this.spare.push(level);
  }

  /** True when `a` is a better price than `b` on this side (higher for bids, lower for asks). */
  isBetter(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  private insertAt(i: number, price: number): PriceLevel {
    const level = this.spare.pop() ?? new PriceLevel();
    level.price = price;
    if (i === this.levels.length) this.levels.push(level);
    else this.levels.splice(i, 0, level);
    return level;
  }

  /** First index whose level is not worse than `price` (levels are sorted worst → best). */
  private lowerBound(price: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    const isBid = this.isBid;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levels[mid]!.price;
      if (isBid ? p < price : p > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
