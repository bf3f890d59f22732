import type { CancelReason, EventSink, RejectReason, Side } from './types.ts';

// A sink that keeps every event as a plain object, in order: for tests, replays and callers that persist a
// batch of events after running it. The hot path of a benchmark uses its own counting sink instead.

export type EngineEvent =
  | { type: 'accepted'; orderId: number; owner: number; side: Side }
  | {
      type: 'trade';
      takerId: number;
      makerId: number;
      takerOwner: number;
      makerOwner: number;
      takerSide: Side;
      price: number;
      qty: number;
      makerRemaining: number;
    }
  | { type: 'cancelled'; orderId: number; owner: number; side: Side; qty: number; reason: CancelReason }
  | { type: 'rejected'; orderId: number; owner: number; reason: RejectReason };

export class EventLog implements EventSink {
  events: EngineEvent[] = [];

  accepted(orderId: number, owner: number, side: Side): void {
    this.events.push({ type: 'accepted', orderId, owner, side });
  }

  trade(
    takerId: number,
    makerId: number,
    takerOwner: number,
    makerOwner: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
  ): void {
    this.events.push({
      type: 'trade',
      takerId,
      makerId,
      takerOwner,
      makerOwner,
      takerSide,
      price,
      qty,
      makerRemaining,
    });
  }

  cancelled(orderId: number, owner: number, side: Side, qty: number, reason: CancelReason): void {
    this.events.push({ type: 'cancelled', orderId, owner, side, qty, reason });
  }

  rejected(orderId: number, owner: number, reason: RejectReason): void {
    this.events.push({ type: 'rejected', orderId, owner, reason });
  }

  /** Returns the events recorded so far and starts a new list. */
  drain(): EngineEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }
}
