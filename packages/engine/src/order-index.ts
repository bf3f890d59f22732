// Order id → slot of a resting order, as an open-addressing hash table over typed arrays. A JS Map of number keys
// costs a hashed lookup in a heap table on every placement, rest, fill and cancel, and its deletions leave holes
// that are later rehashed into new garbage; here a lookup is a multiply and a short linear probe in one
// contiguous array, and nothing is allocated except when the table doubles.
//
// Keys are positive safe integers (0 marks an empty bucket). Deletion shifts the rest of the probe run back, so
// there are no tombstones and the table never degrades. The load factor stays at or below one quarter: probe runs
// stay short (a lookup of an absent id, done for every new order, ends at the first empty bucket), for a few
// dozen bytes per resting order.

export const NO_SLOT = -1;

export class OrderIndex {
  private keys: Float64Array;
  private slots: Int32Array;
  private mask: number;
  private shift: number;
  private count = 0;

  constructor(initialCapacity = 1024) {
    const bits = Math.max(4, Math.ceil(Math.log2(initialCapacity)));
    this.keys = new Float64Array(1 << bits);
    this.slots = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Bumped on every change to the table. A bucket returned by `find` stays valid while this is unchanged, so a
   * caller can look an id up once and later add or delete it there without probing again.
   */
  version = 0;

  /** The bucket holding `id`, or the empty bucket where it would be added. */
  find(id: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const key = keys[i]!;
      // Empty first: an id of 0 finds an empty bucket, never a match.
      if (key === 0 || key === id) return i;
    }
  }

  /** Whether a bucket from `find` holds its id. */
  holds(bucket: number): boolean {
    return this.keys[bucket] !== 0;
  }

  slotAt(bucket: number): number {
    return this.slots[bucket]!;
  }

  /** The slot stored for `id`, or NO_SLOT. */
  get(id: number): number {
    const bucket = this.find(id);
    return this.keys[bucket] === 0 ? NO_SLOT : this.slots[bucket]!;
  }

  /** Stores `id` → `slot`; `id` must not be present. */
  add(id: number, slot: number): void {
    this.addAt(this.find(id), this.version, id, slot);
  }

  /**
   * Stores `id` → `slot` in the empty bucket `find` gave when the table was at `version`; if the table has changed
   * since, or must grow, the bucket is searched again.
   */
  addAt(bucket: number, version: number, id: number, slot: number): void {
    let i = bucket;
    if ((this.count + 1) * 4 > this.keys.length) {
      this.grow();
      i = this.find(id);
    } else if (version !== this.version) i = this.find(id);
    this.keys[i] = id;
    this.slots[i] = slot;
    this.count++;
    this.version++;
  }

  /** Removes `id`; returns the slot it had, or NO_SLOT. */
  delete(id: number): number {
    const bucket = this.find(id);
    return this.keys[bucket] === 0 ? NO_SLOT : this.deleteAt(bucket);
  }

  /** Removes the entry in an occupied bucket from `find` (table unchanged since) and returns its slot. */
  deleteAt(bucket: number): number {
    const keys = this.keys;
    const slots = this.slots;
    const mask = this.mask;
    const slot = slots[bucket]!;
    let hole = bucket;
    for (let j = (bucket + 1) & mask; keys[j] !== 0; j = (j + 1) & mask) {
      // The entry at j may fill the hole unless its home bucket lies cyclically after the hole (within (hole, j]).
      if (((j - this.home(keys[j]!)) & mask) >= ((j - hole) & mask)) {
        keys[hole] = keys[j]!;
        slots[hole] = slots[j]!;
        hole = j;
      }
    }
    keys[hole] = 0;
    this.count--;
    this.version++;
    return slot;
  }

  /** The bucket an id hashes to: both 32-bit halves mixed, then the top bits of a multiplicative hash. */
  private home(id: number): number {
    // Ids below 2^32 (the usual case) skip the division that extracts the high half.
    const high = id > 0xffffffff ? (id / 4294967296) >>> 0 : 0;
    return Math.imul((id >>> 0) ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> this.shift;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldSlots = this.slots;
    const size = oldKeys.length * 2;
    this.keys = new Float64Array(size);
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.shift--;
    this.version++;
    const keys = this.keys;
    const mask = this.mask;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i]!;
      if (key === 0) continue;
      let j = this.home(key);
      while (keys[j] !== 0) j = (j + 1) & mask;
      keys[j] = key;
      this.slots[j] = oldSlots[i]!;
    }
  }
}
