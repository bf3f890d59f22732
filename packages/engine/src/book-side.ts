import { NONE, type BookStore } from './book-store.ts';

// One side of the book: its non-empty price levels as two parallel typed arrays (price and level slot) sorted
// from worst to best, so the best level is the last entry (read and removed in O(1) while matching). Finding or
// inserting a level is a binary search over the contiguous prices and a short memmove. Ticks can be anywhere in
// the safe-integer range, which rules out an array indexed by tick; but the levels in use sit in a narrow band
// most of the time, so a small direct-mapped cache (price modulo its size → level) finds an existing level with
// one comparison, as a tick-indexed ladder would, and falls back to the search when two prices share an entry.

const CACHE_SIZE = 1024;
const CACHE_MASK = CACHE_SIZE - 1;

export class BookSide {
  readonly isBid: boolean;
  prices = new Float64Array(64);
  levels = new Int32Array(64);
  count = 0;
  private readonly store: BookStore;
  /** Direct-mapped cache of live levels: entry `price & CACHE_MASK` holds a price (0 = none) and its level. */
  private readonly cachePrice = new Float64Array(CACHE_SIZE);
  private readonly cacheLevel = new Int32Array(CACHE_SIZE);

  constructor(isBid: boolean, store: BookStore) {
    this.isBid = isBid;
    this.store = store;
  }

  /** The best level's slot, or NONE. */
  best(): number {
    const n = this.count;
    return n === 0 ? NONE : this.levels[n - 1]!;
  }

  /** The level at `price`, created (empty) in place if the side has none. */
  levelFor(price: number): number {
    const entry = price & CACHE_MASK;
    if (this.cachePrice[entry] === price) return this.cacheLevel[entry]!;
    const level = this.findOrInsert(price);
    this.cachePrice[entry] = price;
    this.cacheLevel[entry] = level;
    return level;
  }

  private findOrInsert(price: number): number {
    const n = this.count;
    // Most new orders join the best level or one just behind it: look there before searching.
    if (n > 0) {
      const top = this.prices[n - 1]!;
      if (top === price) return this.levels[n - 1]!;
      if (this.isBid ? price > top : price < top) return this.insertAt(n, price);
    }
    const i = this.lowerBound(price);
    if (i < n && this.prices[i] === price) return this.levels[i]!;
    return this.insertAt(i, price);
  }

  /** Takes an empty level out of the side and frees its slot. */
  drop(level: number): void {
    const price = this.store.levelPrice[level]!;
    const entry = price & CACHE_MASK;
    if (this.cachePrice[entry] === price) this.cachePrice[entry] = 0;
    const last = this.count - 1;
    if (this.levels[last] !== level) {
      const i = this.lowerBound(price);
      this.prices.copyWithin(i, i + 1, this.count);
      this.levels.copyWithin(i, i + 1, this.count);
    }
    this.count = last;
    this.store.freeLevelSlot(level);
  }

  private insertAt(i: number, price: number): number {
    const n = this.count;
    if (n === this.prices.length) this.grow();
    const level = this.store.newLevel(price);
    if (i < n) {
      this.prices.copyWithin(i + 1, i, n);
      this.levels.copyWithin(i + 1, i, n);
    }
    this.prices[i] = price;
    this.levels[i] = level;
    this.count = n + 1;
    return level;
  }

  /** First index whose price is not worse than `price` (prices are sorted worst → best). */
  private lowerBound(price: number): number {
    const prices = this.prices;
    let lo = 0;
    let hi = this.count;
    if (this.isBid) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (prices[mid]! < price) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (prices[mid]! > price) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  private grow(): void {
    const prices = new Float64Array(this.prices.length * 2);
    prices.set(this.prices);
    this.prices = prices;
    const levels = new Int32Array(this.levels.length * 2);
    levels.set(this.levels);
    this.levels = levels;
  }
}
