// The engine's vocabulary: commands in, events out. Prices are integer ticks, quantities integer lots, both
// positive safe integers; a quote amount is in tick×lot units (price × qty). The engine never sees a decimal.

export type Side = 'buy' | 'sell';

/**
 * GTC rests its remainder; IOC cancels it; FOK fills completely or does nothing; POST_ONLY rests without ever
 * taking liquidity (cancelled instead if it would cross).
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/**
 * Self-trade prevention, decided by the incoming (taker) order when it meets a resting order of the same owner:
 * - cancel-taker (default): stop matching and cancel the taker's remainder; the resting order stays.
 * - cancel-resting: cancel the resting order and keep matching.
 * - cancel-both: cancel the resting order and the taker's remainder.
 * Fills made before the meeting stand. Two orders of one owner never trade with each other.
 */
export type StpMode = 'cancel-taker' | 'cancel-resting' | 'cancel-both';

export interface LimitCommand {
  type: 'limit';
  id: number;
  owner: number;
  side: Side;
  price: number;
  qty: number;
  tif: TimeInForce;
  stp?: StpMode;
}

/**
 * A market order gives exactly one of `qty` (base lots) or `quoteAmount` (tick×lot units to spend when buying, to
 * receive at most when selling). `priceLimit` protects it: a buy never trades above it, a sell never below it.
 */
export interface MarketCommand {
  type: 'market';
  id: number;
  owner: number;
  side: Side;
  qty?: number;
  quoteAmount?: number;
  priceLimit?: number;
  stp?: StpMode;
}

/** Cancels a resting order; `owner` must be the order's owner (otherwise it is reported as unknown). */
export interface CancelCommand {
  type: 'cancel';
  id: number;
  owner: number;
}

export type Command = LimitCommand | MarketCommand | CancelCommand;

export type CancelReason =
  | 'user'
  | 'ioc-remainder'
  | 'fok-unfillable'
  | 'post-only-would-cross'
  | 'stp'
  | 'market-protection'
  // A market order ran out of opposite orders, or its remaining quote amount cannot pay for one more lot.
  | 'no-liquidity';

export type RejectReason = 'unknown-order' | 'duplicate-id' | 'bad-price' | 'bad-qty' | 'bad-command';

/**
 * Where events go. A callback sink keeps the hot path free of allocations; `EventLog` records them as objects.
 * Order of events for one command: `accepted`, then `trade`s (and `stp` cancels of resting orders) in matching
 * order, then at most one `cancelled` for the incoming order. A rejected command emits only `rejected`.
 */
export interface EventSink {
  accepted(orderId: number, owner: number, side: Side): void;
  /** `makerRemaining` is what is left of the maker after this fill (0 = the maker is done). */
  trade(
    takerId: number,
    makerId: number,
    takerOwner: number,
    makerOwner: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
  ): void;
  /** `qty` is what was cancelled in the order's own unit: lots, or the unspent quote amount of a quote market order. */
  cancelled(orderId: number, owner: number, side: Side, qty: number, reason: CancelReason): void;
  rejected(orderId: number, owner: number, reason: RejectReason): void;
}

/** One resting order as it appears in a snapshot (remaining quantity, in priority order). */
export interface RestingOrder {
  id: number;
  owner: number;
  side: Side;
  price: number;
  qty: number;
}

/** One aggregated price level. */
export interface DepthLevel {
  price: number;
  qty: number;
  orders: number;
}
