// Order id → slot of a resting order, as an open-addressing hash table over typed arrays. A JS Map of number keys
// costs a hashed lookup in a heap table on every placement, rest, fill and cancel, and its deletions leave holes
// that are later rehashed into new garbage; here a lookup is a multiply and a short linear probe in one
// contiguous array, and nothing is allocated except when the table doubles.
//
// Keys are positive safe integers (0 marks an empty bucket). Deletion shifts the rest of the probe run back, so
// there are no tombstones and the table never degrades. The load factor stays at or below one half.

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

  /** The slot stored for `id`, or NO_SLOT. */
  get(id: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.home(id); ; i = (i + 1) & mask) {
      const key = keys[i]!;
      // Empty first: an id of 0 must not match an empty bucket.
      if (key === 0) return NO_SLOT;
      if (key === id) return this.slots[i]!;
    }
  }

  /** Stores `id` → `slot`; `id` must not be present. */
  add(id: number, slot: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let i = this.home(id);
    while (keys[i] !== 0) i = (i + 1) & mask;
    keys[i] = id;
    this.slots[i] = slot;
    this.count++;
  }

  /** Removes `id`; returns the slot it had, or NO_SLOT. */
  delete(id: number): number {
    const keys = this.keys;
    const slots = this.slots;
    const mask = this.mask;
    let i = this.home(id);
    for (;;) {
      const key = keys[i]!;
      if (key === 0) return NO_SLOT;
      if (key === id) break;
      i = (i + 1) & mask;
    }
    const slot = slots[i]!;
    let hole = i;
    for (let j = (i + 1) & mask; keys[j] !== 0; j = (j + 1) & mask) {
      // The entry at j may fill the hole unless its home bucket lies cyclically after the hole (within (hole, j]).
      if (((j - this.home(keys[j]!)) & mask) >= ((j - hole) & mask)) {
        keys[hole] = keys[j]!;
        slots[hole] = slots[j]!;
        hole = j;
      }
    }
    keys[hole] = 0;
    this.count--;
    return slot;
  }

  /** The bucket an id hashes to: both 32-bit halves mixed, then the top bits of a multiplicative hash. */
  private home(id: number): number {
    const low = id >>> 0;
    const high = (id / 4294967296) >>> 0;
    return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> this.shift;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldSlots = this.slots;
    const size = oldKeys.length * 2;
    this.keys = new Float64Array(size);
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.shift--;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== 0) this.add(oldKeys[i]!, oldSlots[i]!);
  }
}
