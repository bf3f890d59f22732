import { BookSide } from './book-side.ts';
import { BookStore, NONE } from './book-store.ts';
import { NO_SLOT, OrderIndex } from './order-index.ts';
import type {
  CancelCommand,
  Command,
  DepthLevel,
  EventSink,
  LimitCommand,
  MarketCommand,
  RestingOrder,
  Side,
  StpMode,
} from './types.ts';

// The matching engine for one market: a deterministic state machine. Each command runs to completion and
// reports what happened to the sink; nothing here reads a clock, draws a random number or does I/O, so the same
// commands in the same order give the same book and the same events. Matching is price-time priority.
//
// Numbers: prices, quantities and quote amounts are positive safe integers, and a limit order's price × qty must
// be a safe integer too, so every trade's notional (never more than a resting order's price × qty, or the
// incoming order's) is exact.
//
// Memory: resting orders and levels are slots in typed arrays (book-store.ts), found by id through a hash table
// over typed arrays (order-index.ts); events go to the sink's callbacks. A command allocates nothing once the
// arrays have grown to the book's size. A sink must not call back into the engine while it is reporting.

/** Why matching stopped before the incoming order was used up. */
const STOP_NONE = 0;
const STOP_PRICE = 1; // the next level is beyond the order's price (limit or market protection)
const STOP_EMPTY = 2; // no opposite order left, or a quote budget too small for one more lot
const STOP_SELF = 3; // self-trade prevention ended the incoming order

const DEFAULT_STP: StpMode = 'cancel-taker';

function isPositiveInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
}

function isStpMode(x: unknown): x is StpMode {
  return x === undefined || x === 'cancel-taker' || x === 'cancel-resting' || x === 'cancel-both';
}

export class MatchingEngine {
  private readonly store = new BookStore();
  private readonly bids = new BookSide(true, this.store);
  private readonly asks = new BookSide(false, this.store);
  private readonly orders = new OrderIndex();
  private readonly sink: EventSink;
  /** Set by `take`: one of the STOP_* values. A field rather than a returned object, to avoid allocating. */
  private stopReason = STOP_NONE;

  constructor(sink: EventSink) {
    this.sink = sink;
  }

  apply(command: Command): void {
    switch (command.type) {
      case 'limit':
        return this.placeLimit(command);
      case 'market':
        return this.placeMarket(command);
      case 'cancel':
        return this.cancel(command);
      default: {
        const unknown = command as { id?: unknown; owner?: unknown };
        this.sink.rejected(Number(unknown.id) || 0, Number(unknown.owner) || 0, 'bad-command');
      }
    }
  }

  placeLimit(cmd: LimitCommand): void {
    const { id, owner, side, price, qty, tif } = cmd;
    const stp = cmd.stp ?? DEFAULT_STP;
    const sink = this.sink;
    if (
      !isPositiveInt(id) ||
      !Number.isSafeInteger(owner) ||
      (side !== 'buy' && side !== 'sell') ||
      (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK' && tif !== 'POST_ONLY') ||
      !isStpMode(cmd.stp)
    ) {
      return sink.rejected(Number(id) || 0, Number(owner) || 0, 'bad-command');
    }
    if (!isPositiveInt(price)) return sink.rejected(id, owner, 'bad-price');
    if (!isPositiveInt(qty) || !Number.isSafeInteger(price * qty)) return sink.rejected(id, owner, 'bad-qty');
    const orders = this.orders;
    // Where the id would go in the index: if matching removes nothing, the remainder is added there directly.
    const bucket = orders.find(id);
    if (orders.holds(bucket)) return sink.rejected(id, owner, 'duplicate-id');
    const version = orders.version;

    sink.accepted(id, owner, side);
    const isBuy = side === 'buy';
    if (tif === 'POST_ONLY') {
      if (this.wouldCross(isBuy, price)) {
        return sink.cancelled(id, owner, side, qty, 'post-only-would-cross');
      }
      return this.rest(id, owner, isBuy, price, qty, bucket, version);
    }
    if (tif === 'FOK' && !this.canFillCompletely(owner, isBuy, price, qty, stp)) {
      return sink.cancelled(id, owner, side, qty, 'fok-unfillable');
    }

    let remaining = qty;
    // Most limit orders do not reach the other side: they skip the matching loop altogether.
    if (this.wouldCross(isBuy, price)) {
      remaining = this.take(id, owner, isBuy, price, qty, false, stp);
      if (remaining === 0) return;
      if (this.stopReason === STOP_SELF) return sink.cancelled(id, owner, side, remaining, 'stp');
    }
    if (tif === 'GTC') return this.rest(id, owner, isBuy, price, remaining, bucket, version);
    if (tif === 'FOK') throw new Error(`engine invariant: FOK order ${id} passed the fill check but was not filled`);
    sink.cancelled(id, owner, side, remaining, 'ioc-remainder');
  }

  placeMarket(cmd: MarketCommand): void {
    const { id, owner, side, qty, quoteAmount, priceLimit } = cmd;
    const stp = cmd.stp ?? DEFAULT_STP;
    const sink = this.sink;
    if (
      !isPositiveInt(id) ||
      !Number.isSafeInteger(owner) ||
      (side !== 'buy' && side !== 'sell') ||
      !isStpMode(cmd.stp)
    ) {
      return sink.rejected(Number(id) || 0, Number(owner) || 0, 'bad-command');
    }
    if (priceLimit !== undefined && !isPositiveInt(priceLimit)) return sink.rejected(id, owner, 'bad-price');
    const byQuote = quoteAmount !== undefined;
    if (byQuote === (qty !== undefined)) return sink.rejected(id, owner, 'bad-qty');
    const amount = byQuote ? quoteAmount : qty!;
    if (!isPositiveInt(amount)) return sink.rejected(id, owner, 'bad-qty');
    if (this.orders.get(id) !== NO_SLOT) return sink.rejected(id, owner, 'duplicate-id');

    sink.accepted(id, owner, side);
    const isBuy = side === 'buy';
    // Without protection a buy may go up to any price and a sell down to any price.
    const limit = priceLimit ?? (isBuy ? Infinity : 0);
    const remaining = this.take(id, owner, isBuy, limit, amount, byQuote, stp);
    if (remaining === 0) return;
    const stop = this.stopReason;
    sink.cancelled(
      id,
      owner,
      side,
      remaining,
      stop === STOP_SELF ? 'stp' : stop === STOP_PRICE ? 'market-protection' : 'no-liquidity',
    );
  }

  cancel(cmd: CancelCommand): void {
    const { id, owner } = cmd;
    // A non-number id finds nothing (the index holds positive safe integers only).
    const orders = this.orders;
    const bucket = typeof id === 'number' ? orders.find(id) : NO_SLOT;
    const store = this.store;
    const slot = bucket === NO_SLOT || !orders.holds(bucket) ? NO_SLOT : orders.slotAt(bucket);
    if (slot === NO_SLOT || store.orderOwner[slot] !== owner) {
      return this.sink.rejected(Number(id) || 0, Number(owner) || 0, 'unknown-order');
    }
    const qty = store.orderQty[slot]!;
    const side: Side = store.orderIsBuy[slot] === 1 ? 'buy' : 'sell';
    orders.deleteAt(bucket);
    this.takeOffBook(slot);
    this.sink.cancelled(id, owner, side, qty, 'user');
  }

  /**
   * Puts an order back on the book without matching, behind the orders already at its price: the way a book is
   * rebuilt on start-up from its open orders in sequence order (or from `snapshot()`). A corrupt input throws.
   */
  load(order: RestingOrder): void {
    const { id, owner, side, price, qty } = order;
    if (!isPositiveInt(id) || !Number.isSafeInteger(owner) || (side !== 'buy' && side !== 'sell')) {
      throw new Error(`cannot load order ${String(id)}: bad id, owner or side`);
    }
    if (!isPositiveInt(price) || !isPositiveInt(qty) || !Number.isSafeInteger(price * qty)) {
      throw new Error(`cannot load order ${id}: bad price or quantity`);
    }
    const bucket = this.orders.find(id);
    if (this.orders.holds(bucket)) throw new Error(`cannot load order ${id}: duplicate id`);
    const isBuy = side === 'buy';
    if (this.wouldCross(isBuy, price)) {
      throw new Error(`cannot load order ${id}: it would cross the book`);
    }
    this.rest(id, owner, isBuy, price, qty, bucket, this.orders.version);
  }

  /** Every resting order in priority order: bids best → worst, then asks best → worst, FIFO within a level. */
  snapshot(): RestingOrder[] {
    const out: RestingOrder[] = [];
    const store = this.store;
    for (const book of [this.bids, this.asks]) {
      for (let i = book.count - 1; i >= 0; i--) {
        const level = book.levels[i]!;
        for (let o = store.levelHead[level]!; o !== NONE; o = store.orderNext[o]!) out.push(this.toResting(o));
      }
    }
    return out;
  }

  /** Aggregated depth of one side, best level first. */
  depth(side: Side, maxLevels = Infinity): DepthLevel[] {
    const book = side === 'buy' ? this.bids : this.asks;
    const store = this.store;
    const out: DepthLevel[] = [];
    for (let i = book.count - 1; i >= 0 && out.length < maxLevels; i--) {
      const level = book.levels[i]!;
      out.push({ price: store.levelPrice[level]!, qty: store.levelQty[level]!, orders: store.levelCount[level]! });
    }
    return out;
  }

  bestBid(): number | undefined {
    const level = this.bids.best();
    return level === NONE ? undefined : this.store.levelPrice[level];
  }

  bestAsk(): number | undefined {
    const level = this.asks.best();
    return level === NONE ? undefined : this.store.levelPrice[level];
  }

  /** A resting order (a copy), or undefined when it is not on the book. */
  getOrder(id: number): RestingOrder | undefined {
    const slot = typeof id === 'number' ? this.orders.get(id) : NO_SLOT;
    return slot === NO_SLOT ? undefined : this.toResting(slot);
  }

  get restingCount(): number {
    return this.orders.size;
  }

  /**
   * Matches the incoming order against the opposite side and returns what is left of `amount` (lots, or quote
   * units when `byQuote`). Sets `stopReason` when it stops early.
   */
  private take(
    id: number,
    owner: number,
    isBuy: boolean,
    limit: number,
    amount: number,
    byQuote: boolean,
    stp: StpMode,
  ): number {
    const book = isBuy ? this.asks : this.bids;
    const side: Side = isBuy ? 'buy' : 'sell';
    const sink = this.sink;
    // Matching only frees slots, so the arrays are not replaced while this runs.
    const store = this.store;
    const orderQty = store.orderQty;
    const orderOwner = store.orderOwner;
    const orderNext = store.orderNext;
    const levelQty = store.levelQty;
    let remaining = amount;
    let stop = STOP_NONE;
    outer: while (remaining > 0) {
      const level = book.best();
      if (level === NONE) {
        stop = STOP_EMPTY;
        break;
      }
      const price = store.levelPrice[level]!;
      if (isBuy ? price > limit : price < limit) {
        stop = STOP_PRICE;
        break;
      }
      let maker = store.levelHead[level]!;
      while (maker !== NONE) {
        const next = orderNext[maker]!;
        const makerOwner = orderOwner[maker]!;
        if (makerOwner === owner) {
          if (stp === 'cancel-taker') {
            stop = STOP_SELF;
            break outer;
          }
          const makerQty = orderQty[maker]!;
          const makerId = store.orderId[maker]!;
          this.removeResting(maker);
          sink.cancelled(makerId, owner, isBuy ? 'sell' : 'buy', makerQty, 'stp');
          if (stp === 'cancel-both') {
            stop = STOP_SELF;
            break outer;
          }
          maker = next;
          continue;
        }
        const makerQty = orderQty[maker]!;
        let qty = makerQty;
        if (byQuote) {
          let affordable = Math.floor(remaining / price);
          // Guard against the division rounding up when the quotient is just below an integer.
          if (affordable * price > remaining) affordable--;
          if (affordable === 0) {
            stop = STOP_EMPTY;
            break outer;
          }
          if (affordable < qty) qty = affordable;
          remaining -= qty * price;
        } else {
          if (remaining < qty) qty = remaining;
          remaining -= qty;
        }
        const makerLeft = makerQty - qty;
        orderQty[maker] = makerLeft;
        levelQty[level]! -= qty;
        sink.trade(id, store.orderId[maker]!, owner, makerOwner, side, price, qty, makerLeft);
        if (remaining === 0) {
          if (makerLeft === 0) this.removeResting(maker);
          break outer;
        }
        if (makerLeft !== 0) {
          // Only a quote budget stops part-way through a maker: what is left cannot pay for one more lot at this
          // price. Stop here, before looking at the orders behind this one.
          stop = STOP_EMPTY;
          break outer;
        }
        this.removeResting(maker);
        maker = next;
      }
    }
    this.stopReason = stop;
    return remaining;
  }

  /**
   * Whether a FOK order would fill completely, walking the book the way `take` would: an order of the same owner
   * is skipped under cancel-resting (it will be cancelled, not traded) and ends the walk otherwise.
   */
  private canFillCompletely(owner: number, isBuy: boolean, limit: number, qty: number, stp: StpMode): boolean {
    const book = isBuy ? this.asks : this.bids;
    const store = this.store;
    let needed = qty;
    for (let i = book.count - 1; i >= 0; i--) {
      const price = book.prices[i]!;
      if (isBuy ? price > limit : price < limit) return false;
      for (let o = store.levelHead[book.levels[i]!]!; o !== NONE; o = store.orderNext[o]!) {
        if (store.orderOwner[o] === owner) {
          if (stp === 'cancel-resting') continue;
          return false;
        }
        needed -= store.orderQty[o]!;
        if (needed <= 0) return true;
      }
    }
    return false;
  }

  /** True when an order at `price` would meet the opposite side's best level. */
  private wouldCross(isBuy: boolean, price: number): boolean {
    const opposite = isBuy ? this.asks : this.bids;
    const n = opposite.count;
    if (n === 0) return false;
    const best = opposite.prices[n - 1]!;
    return isBuy ? best <= price : best >= price;
  }

  /** Rests an order; `bucket` is where `orders.find(id)` said it would go when the index was at `version`. */
  private rest(
    id: number,
    owner: number,
    isBuy: boolean,
    price: number,
    qty: number,
    bucket: number,
    version: number,
  ): void {
    const slot = this.store.newOrder(id, owner, qty, isBuy);
    this.store.append((isBuy ? this.bids : this.asks).levelFor(price), slot);
    this.orders.addAt(bucket, version, id, slot);
  }

  private removeResting(slot: number): void {
    this.orders.delete(this.store.orderId[slot]!);
    this.takeOffBook(slot);
  }

  /** Unlinks an order from its level (dropping the level when it empties) and frees its slot. */
  private takeOffBook(slot: number): void {
    const store = this.store;
    const level = store.orderLevel[slot]!;
    store.unlink(slot);
    if (store.levelCount[level] === 0) (store.orderIsBuy[slot] === 1 ? this.bids : this.asks).drop(level);
    store.freeOrderSlot(slot);
  }

  private toResting(slot: number): RestingOrder {
    const store = this.store;
    return {
      id: store.orderId[slot]!,
      owner: store.orderOwner[slot]!,
      side: store.orderIsBuy[slot] === 1 ? 'buy' : 'sell',
      price: store.levelPrice[store.orderLevel[slot]!]!,
      qty: store.orderQty[slot]!,
    };
  }
}
