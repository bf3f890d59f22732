// A price level is an intrusive doubly-linked FIFO of resting orders: append, remove from anywhere and pop the
// head are O(1) and allocate nothing. Order and level objects are recycled through free lists by the engine, so
// every field is written in the constructor (one hidden class) and reset on reuse.

export class RestingOrderNode {
  id = 0;
  owner = 0;
  qty = 0;
  isBuy = false;
  level: PriceLevel | null = null;
  prev: RestingOrderNode | null = null;
  next: RestingOrderNode | null = null;
}

export class PriceLevel {
  price = 0;
  /** Sum of the remaining quantities of the orders in this level. */
  qty = 0;
  count = 0;
  head: RestingOrderNode | null = null;
  tail: RestingOrderNode | null = null;

  append(order: RestingOrderNode): void {
    order.level = this;
    order.prev = this.tail;
    order.next = null;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.qty += order.qty;
    this.count++;
  }

  /** Unlinks the order and takes its remaining quantity off the level total. */
  remove(order: RestingOrderNode): void {
    const { prev, next } = order;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    this.qty -= order.qty;
    this.count--;
    order.level = null;
    order.prev = null;
    order.next = null;
  }
}
