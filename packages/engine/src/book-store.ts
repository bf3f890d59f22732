// The memory of one book: resting orders and price levels as slots in parallel typed arrays, each level an
// intrusive doubly linked FIFO of order slots. Compared with an object per order, the fields the matching loop
// reads sit side by side in a few dense arrays (a cancel of a random order touches a few cache lines, not a
// scattered heap object and its neighbours), and freed slots are reused, so the steady state allocates nothing.
//
// Numbers are stored as they are given: ids, owners, prices and quantities are safe integers, which a Float64Array
// holds exactly (it is the same representation as a JS number). Arrays double when full; the engine reads them
// through this object's fields, never through a copy kept across a call that may add an order or a level.

export const NONE = -1;

export class BookStore {
  orderId = new Float64Array(0);
  orderOwner = new Float64Array(0);
  /** Remaining quantity of the resting order. */
  orderQty = new Float64Array(0);
  orderLevel = new Int32Array(0);
  orderPrev = new Int32Array(0);
  orderNext = new Int32Array(0);
  orderIsBuy = new Uint8Array(0);
  /** Free order slots, chained through orderNext. */
  private freeOrder = NONE;
  private ordersUsed = 0;

  levelPrice = new Float64Array(0);
  /** Sum of the remaining quantities of the level's orders. */
  levelQty = new Float64Array(0);
  levelCount = new Int32Array(0);
  levelHead = new Int32Array(0);
  levelTail = new Int32Array(0);
  /** Free level slots, chained through levelHead. */
  private freeLevel = NONE;
  private levelsUsed = 0;

  constructor(orderCapacity = 1024, levelCapacity = 64) {
    this.resizeOrders(orderCapacity);
    this.resizeLevels(levelCapacity);
  }

  newOrder(id: number, owner: number, qty: number, isBuy: boolean): number {
    let slot = this.freeOrder;
    if (slot !== NONE) this.freeOrder = this.orderNext[slot]!;
    else {
      if (this.ordersUsed === this.orderId.length) this.resizeOrders(this.orderId.length * 2);
      slot = this.ordersUsed++;
    }
    this.orderId[slot] = id;
    this.orderOwner[slot] = owner;
    this.orderQty[slot] = qty;
    this.orderIsBuy[slot] = isBuy ? 1 : 0;
    return slot;
  }

  freeOrderSlot(slot: number): void {
    this.orderNext[slot] = this.freeOrder;
    this.freeOrder = slot;
  }

  /** A new empty level at `price`. */
  newLevel(price: number): number {
    let level = this.freeLevel;
    if (level !== NONE) this.freeLevel = this.levelHead[level]!;
    else {
      if (this.levelsUsed === this.levelPrice.length) this.resizeLevels(this.levelPrice.length * 2);
      level = this.levelsUsed++;
    }
    this.levelPrice[level] = price;
    this.levelQty[level] = 0;
    this.levelCount[level] = 0;
    this.levelHead[level] = NONE;
    this.levelTail[level] = NONE;
    return level;
  }

  freeLevelSlot(level: number): void {
    this.levelHead[level] = this.freeLevel;
    this.freeLevel = level;
  }

  /** Appends an order at the tail of a level's FIFO and adds its quantity to the level's total. */
  append(level: number, slot: number): void {
    const tail = this.levelTail[level]!;
    this.orderLevel[slot] = level;
    this.orderPrev[slot] = tail;
    this.orderNext[slot] = NONE;
    if (tail === NONE) this.levelHead[level] = slot;
    else this.orderNext[tail] = slot;
    this.levelTail[level] = slot;
    this.levelQty[level]! += this.orderQty[slot]!;
    this.levelCount[level]!++;
  }

  /** Unlinks an order from its level and takes its remaining quantity off the level's total. */
  unlink(slot: number): void {
    const level = this.orderLevel[slot]!;
    const prev = this.orderPrev[slot]!;
    const next = this.orderNext[slot]!;
    if (prev === NONE) this.levelHead[level] = next;
    else this.orderNext[prev] = next;
    if (next === NONE) this.levelTail[level] = prev;
    else this.orderPrev[next] = prev;
    this.levelQty[level]! -= this.orderQty[slot]!;
    this.levelCount[level]!--;
  }

  private resizeOrders(capacity: number): void {
    this.orderId = copyInto(new Float64Array(capacity), this.orderId);
    this.orderOwner = copyInto(new Float64Array(capacity), this.orderOwner);
    this.orderQty = copyInto(new Float64Array(capacity), this.orderQty);
    this.orderLevel = copyInto(new Int32Array(capacity), this.orderLevel);
    this.orderPrev = copyInto(new Int32Array(capacity), this.orderPrev);
    this.orderNext = copyInto(new Int32Array(capacity), this.orderNext);
    this.orderIsBuy = copyInto(new Uint8Array(capacity), this.orderIsBuy);
  }

  private resizeLevels(capacity: number): void {
    this.levelPrice = copyInto(new Float64Array(capacity), this.levelPrice);
    this.levelQty = copyInto(new Float64Array(capacity), this.levelQty);
    this.levelCount = copyInto(new Int32Array(capacity), this.levelCount);
    this.levelHead = copyInto(new Int32Array(capacity), this.levelHead);
    this.levelTail = copyInto(new Int32Array(capacity), this.levelTail);
  }
}

function copyInto<T extends Float64Array | Int32Array | Uint8Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
