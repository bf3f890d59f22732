// The benchmark's yardstick: the fastest plain-JS limit order book we know how to write for this workload, so the
// engine's figure can be read against what the hardware and the runtime allow rather than against a slow library.
//
// A price ladder over a fixed tick band: every tick of the band is an index into typed arrays holding that level's
// total quantity and the head and tail of its FIFO. Resting orders live in slots of parallel typed arrays, linked
// into their level's FIFO by slot index, and recycled through a free list. An order id finds its slot through an
// open-addressing hash table over typed arrays. Nothing on the hot path allocates.
//
// It supports exactly what the benchmark's stream uses: limit orders GTC or IOC, cancel by id, market orders by
// base quantity. It has no owners (so no self-trade prevention and no owner check on cancel), no validation beyond
// the band, no events: it counts trades and traded lots so a run can check it matched like the engine.

const NONE = -1;

export class LadderBook {
  readonly minPrice: number;
  readonly maxPrice: number;
  /** Trades made and lots traded since the book was built. */
  trades = 0;
  tradedQty = 0;

  // Levels, indexed by price − minPrice. A non-empty level at or below bestBid holds bids; at or above bestAsk,
  // asks; the book is never crossed, so bestBid < bestAsk always.
  private readonly levelQty: Float64Array;
  private readonly levelCount: Int32Array;
  private readonly levelHead: Int32Array;
  private readonly levelTail: Int32Array;
  /** Index of the best bid level, or −1 when there are no bids. */
  private bestBid = NONE;
  /** Index of the best ask level, or the band's size when there are no asks. */
  private bestAsk: number;

  // Resting orders, by slot.
  private slotId: Float64Array;
  private slotQty: Float64Array;
  private slotLevel: Int32Array;
  private slotPrev: Int32Array;
  private slotNext: Int32Array;
  /** Free slots chained through slotNext; slots above `slotsUsed` were never used. */
  private freeSlot = NONE;
  private slotsUsed = 0;

  // Order id → slot: linear probing, key 0 = empty (ids are positive), deletion by backward shift (no tombstones).
  private mapKeys: Float64Array;
  private mapSlots: Int32Array;
  private mapMask: number;
  private mapShift: number;
  private resting = 0;

  constructor(minPrice: number, maxPrice: number, expectedOrders = 1 << 14) {
    if (!Number.isSafeInteger(minPrice) || !Number.isSafeInteger(maxPrice) || minPrice < 1 || maxPrice < minPrice) {
      throw new Error(`ladder book: bad tick band ${minPrice}..${maxPrice}`);
    }
    this.minPrice = minPrice;
    this.maxPrice = maxPrice;
    const size = maxPrice - minPrice + 1;
    this.levelQty = new Float64Array(size);
    this.levelCount = new Int32Array(size);
    this.levelHead = new Int32Array(size).fill(NONE);
    this.levelTail = new Int32Array(size).fill(NONE);
    this.bestAsk = size;

    const slots = Math.max(16, expectedOrders);
    this.slotId = new Float64Array(slots);
    this.slotQty = new Float64Array(slots);
    this.slotLevel = new Int32Array(slots);
    this.slotPrev = new Int32Array(slots);
    this.slotNext = new Int32Array(slots);

    const bits = Math.max(5, Math.ceil(Math.log2(slots * 2)));
    this.mapKeys = new Float64Array(1 << bits);
    this.mapSlots = new Int32Array(1 << bits);
    this.mapMask = (1 << bits) - 1;
    this.mapShift = 32 - bits;
  }

  get restingCount(): number {
    return this.resting;
  }

  /** A limit order: takes what crosses, then rests the remainder (GTC) or drops it (IOC). */
  limit(id: number, isBuy: boolean, price: number, qty: number, ioc: boolean): void {
    const index = price - this.minPrice;
    if (index < 0 || price > this.maxPrice) throw new Error(`ladder book: price ${price} outside the band`);
    const remaining = isBuy ? this.buy(index, qty) : this.sell(index, qty);
    if (remaining > 0 && !ioc) this.rest(id, isBuy, index, remaining);
  }

  /** A market order by base quantity; what finds no opposite order is dropped. */
  market(isBuy: boolean, qty: number): void {
    if (isBuy) this.buy(this.levelQty.length - 1, qty);
    else this.sell(0, qty);
  }

  /** Cancels a resting order; false when no order with that id rests. */
  cancel(id: number): boolean {
    const slot = this.mapRemove(id);
    if (slot === NONE) return false;
    const level = this.slotLevel[slot]!;
    this.levelQty[level]! -= this.slotQty[slot]!;
    this.unlink(slot, level);
    this.freeSlotAt(slot);
    if (this.levelCount[level] === 0) {
      if (level === this.bestBid) this.bestBid = this.nextBidBelow(level);
      else if (level === this.bestAsk) this.bestAsk = this.nextAskAbove(level);
    }
    return true;
  }

  /** Aggregated depth, best first: [price, quantity] per non-empty level. */
  depth(isBuy: boolean): [number, number][] {
    const out: [number, number][] = [];
    const size = this.levelQty.length;
    if (isBuy) {
      for (let i = this.bestBid; i >= 0; i--)
        if (this.levelCount[i]! > 0) out.push([i + this.minPrice, this.levelQty[i]!]);
    } else {
      for (let i = this.bestAsk; i < size; i++)
        if (this.levelCount[i]! > 0) out.push([i + this.minPrice, this.levelQty[i]!]);
    }
    return out;
  }

  /** Buys up to `qty` from asks priced at or below level `limit`; returns what is left. */
  private buy(limit: number, qty: number): number {
    let remaining = qty;
    while (remaining > 0 && this.bestAsk <= limit) {
      remaining = this.takeFromLevel(this.bestAsk, remaining);
      if (this.levelCount[this.bestAsk] === 0) this.bestAsk = this.nextAskAbove(this.bestAsk);
    }
    return remaining;
  }

  /** Sells up to `qty` to bids priced at or above level `limit`; returns what is left. */
  private sell(limit: number, qty: number): number {
    let remaining = qty;
    // With no bids bestBid is −1, below every limit.
    while (remaining > 0 && this.bestBid >= limit) {
      remaining = this.takeFromLevel(this.bestBid, remaining);
      if (this.levelCount[this.bestBid] === 0) this.bestBid = this.nextBidBelow(this.bestBid);
    }
    return remaining;
  }

  /** Fills against one level's FIFO from its head; returns what is left of `qty`. */
  private takeFromLevel(level: number, qty: number): number {
    const slotQty = this.slotQty;
    let remaining = qty;
    let slot = this.levelHead[level]!;
    let traded = 0;
    let trades = 0;
    while (remaining > 0 && slot !== NONE) {
      const makerQty = slotQty[slot]!;
      const fill = makerQty < remaining ? makerQty : remaining;
      remaining -= fill;
      traded += fill;
      trades++;
      if (fill === makerQty) {
        const next = this.slotNext[slot]!;
        this.mapRemove(this.slotId[slot]!);
        this.unlink(slot, level);
        this.freeSlotAt(slot);
        slot = next;
      } else {
        slotQty[slot] = makerQty - fill;
      }
    }
    this.levelQty[level]! -= traded;
    this.trades += trades;
    this.tradedQty += traded;
    return remaining;
  }

  private rest(id: number, isBuy: boolean, level: number, qty: number): void {
    const slot = this.allocSlot();
    this.slotId[slot] = id;
    this.slotQty[slot] = qty;
    this.slotLevel[slot] = level;
    const tail = this.levelTail[level]!;
    this.slotPrev[slot] = tail;
    this.slotNext[slot] = NONE;
    if (tail === NONE) this.levelHead[level] = slot;
    else this.slotNext[tail] = slot;
    this.levelTail[level] = slot;
    this.levelQty[level]! += qty;
    this.levelCount[level]!++;
    if (isBuy) {
      if (level > this.bestBid) this.bestBid = level;
    } else if (level < this.bestAsk) this.bestAsk = level;
    this.mapInsert(id, slot);
  }

  private unlink(slot: number, level: number): void {
    const prev = this.slotPrev[slot]!;
    const next = this.slotNext[slot]!;
    if (prev === NONE) this.levelHead[level] = next;
    else this.slotNext[prev] = next;
    if (next === NONE) this.levelTail[level] = prev;
    else this.slotPrev[next] = prev;
    this.levelCount[level]!--;
  }

  private nextBidBelow(level: number): number {
    let i = level - 1;
    while (i >= 0 && this.levelCount[i] === 0) i--;
    return i;
  }

  private nextAskAbove(level: number): number {
    const size = this.levelCount.length;
    let i = level + 1;
    while (i < size && this.levelCount[i] === 0) i++;
    return i;
  }

  private allocSlot(): number {
    const free = this.freeSlot;
    if (free !== NONE) {
      this.freeSlot = this.slotNext[free]!;
      return free;
    }
    if (this.slotsUsed === this.slotId.length) this.growSlots();
    return this.slotsUsed++;
  }

  private freeSlotAt(slot: number): void {
    this.slotNext[slot] = this.freeSlot;
    this.freeSlot = slot;
  }

  private growSlots(): void {
    const grow = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.slotId = grow(this.slotId, (n) => new Float64Array(n));
    this.slotQty = grow(this.slotQty, (n) => new Float64Array(n));
    this.slotLevel = grow(this.slotLevel, (n) => new Int32Array(n));
    this.slotPrev = grow(this.slotPrev, (n) => new Int32Array(n));
    this.slotNext = grow(this.slotNext, (n) => new Int32Array(n));
  }

  /** Home bucket of an id: its low and high 32 bits mixed, then the top bits of a Fibonacci hash. */
  private bucket(id: number): number {
    const lo = id >>> 0;
    const hi = (id / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> this.mapShift;
  }

  private mapInsert(id: number, slot: number): void {
    if ((this.resting + 1) * 2 > this.mapKeys.length) this.rehash(this.mapKeys.length * 2);
    const keys = this.mapKeys;
    const mask = this.mapMask;
    let i = this.bucket(id);
    while (keys[i] !== 0) {
      if (keys[i] === id) throw new Error(`ladder book: order ${id} already rests`);
      i = (i + 1) & mask;
    }
    keys[i] = id;
    this.mapSlots[i] = slot;
    this.resting++;
  }

  /** Removes the id and returns its slot, or NONE. */
  private mapRemove(id: number): number {
    const keys = this.mapKeys;
    const slots = this.mapSlots;
    const mask = this.mapMask;
    let i = this.bucket(id);
    for (;;) {
      const key = keys[i]!;
      if (key === id) break;
      if (key === 0) return NONE;
      i = (i + 1) & mask;
    }
    const slot = slots[i]!;
    // Backward-shift deletion: move later entries of the probe run into the hole when their home bucket allows it,
    // so lookups never need tombstones.
    let hole = i;
    let j = (i + 1) & mask;
    while (keys[j] !== 0) {
      const home = this.bucket(keys[j]!);
      // The entry at j may move to the hole when its home is not cyclically within (hole, j].
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        keys[hole] = keys[j]!;
        slots[hole] = slots[j]!;
        hole = j;
      }
      j = (j + 1) & mask;
    }
    keys[hole] = 0;
    this.resting--;
    return slot;
  }

  private rehash(capacity: number): void {
    const oldKeys = this.mapKeys;
    const oldSlots = this.mapSlots;
    const bits = Math.log2(capacity);
    this.mapKeys = new Float64Array(capacity);
    this.mapSlots = new Int32Array(capacity);
    this.mapMask = capacity - 1;
    this.mapShift = 32 - bits;
    const count = this.resting;
    this.resting = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] !== 0) this.mapInsertNoGrow(oldKeys[i]!, oldSlots[i]!);
    }
    if (this.resting !== count) throw new Error('ladder book: rehash lost entries');
  }

  private mapInsertNoGrow(id: number, slot: number): void {
    const keys = this.mapKeys;
    const mask = this.mapMask;
    let i = this.bucket(id);
    while (keys[i] !== 0) i = (i + 1) & mask;
    keys[i] = id;
    this.mapSlots[i] = slot;
    this.resting++;
  }
}
