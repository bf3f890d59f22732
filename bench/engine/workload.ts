import { MatchingEngine, type CancelReason, type EventSink, type RejectReason, type Side } from '@tidemark/engine';
import { Prng } from './prng.ts';

// The benchmark's workload, the same for every order book measured: a deep starting book and a seeded stream of
// 60% limit orders (about 15% of them priced to cross, 5% IOC), 30% cancels of orders that are resting at that
// moment, and 10% market orders by base quantity. To know which orders rest, the generator runs the stream
// through the Tidemark engine once; every owner is distinct (owner = id), so self-trade prevention never fires
// and any correct price-time book must end in the same state.

export const OP_LIMIT = 0;
export const OP_CANCEL = 1;
export const OP_MARKET = 2;

export interface Op {
  kind: typeof OP_LIMIT | typeof OP_CANCEL | typeof OP_MARKET;
  id: number;
  side: Side;
  price: number;
  qty: number;
  ioc: boolean;
}

export interface WorkloadOptions {
  seed: number;
  ops: number;
  /** Price levels per side in the starting book and the width of the band new orders are priced in. */
  levels: number;
  ordersPerLevel: number;
  mid: number;
}

export interface Workload {
  initial: Op[];
  ops: Op[];
  /** Resting orders after the stream, as the generator saw them (a cross-check for the runners). */
  restingAfter: number;
}

/** The ids of resting orders, with O(1) add, remove and uniform pick. */
class RestingSet implements EventSink {
  readonly ids: number[] = [];
  private readonly index = new Map<number, number>();

  add(id: number): void {
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[i] = last;
      this.index.set(last, i);
    }
    this.index.delete(id);
  }

  accepted(): void {}
  trade(_t: number, makerId: number, _to: number, _mo: number, _s: Side, _p: number, _q: number, makerLeft: number) {
    if (makerLeft === 0) this.remove(makerId);
  }
  cancelled(orderId: number, _o: number, _s: Side, _q: number, _r: CancelReason): void {
    this.remove(orderId);
  }
  rejected(orderId: number, _o: number, reason: RejectReason): void {
    throw new Error(`workload generator: order ${orderId} rejected (${reason})`);
  }
}

export function buildWorkload(options: WorkloadOptions): Workload {
  const { seed, ops: opCount, levels, ordersPerLevel, mid } = options;
  const rng = new Prng(seed);
  const resting = new RestingSet();
  const engine = new MatchingEngine(resting);
  let nextId = 1;

  const initial: Op[] = [];
  for (let level = 1; level <= levels; level++) {
    for (let k = 0; k < ordersPerLevel; k++) {
      for (const side of ['buy', 'sell'] as const) {
        const price = side === 'buy' ? mid - level : mid + level;
        initial.push({ kind: OP_LIMIT, id: nextId++, side, price, qty: rng.int(1, 20), ioc: false });
      }
    }
  }
  for (const op of initial) applyOp(engine, resting, op);

  const ops: Op[] = new Array(opCount);
  for (let i = 0; i < opCount; i++) {
    const r = rng.next();
    let op: Op;
    if (r < 0.3 && resting.ids.length > 0) {
      const id = resting.ids[rng.int(0, resting.ids.length - 1)]!;
      op = { kind: OP_CANCEL, id, side: 'buy', price: 0, qty: 0, ioc: false };
    } else if (r < 0.4) {
      op = {
        kind: OP_MARKET,
        id: nextId++,
        side: rng.next() < 0.5 ? 'buy' : 'sell',
        price: 0,
        qty: rng.int(1, 30),
        ioc: false,
      };
    } else {
      const side: Side = rng.next() < 0.5 ? 'buy' : 'sell';
      const crossing = rng.next() < 0.15;
      let price: number;
      if (crossing) {
        const best = side === 'buy' ? engine.bestAsk() : engine.bestBid();
        price = best === undefined ? mid : side === 'buy' ? best + rng.int(0, 2) : best - rng.int(0, 2);
      } else {
        price = side === 'buy' ? mid - rng.int(1, levels) : mid + rng.int(1, levels);
      }
      op = { kind: OP_LIMIT, id: nextId++, side, price, qty: rng.int(1, 20), ioc: rng.next() < 0.05 };
    }
    applyOp(engine, resting, op);
    ops[i] = op;
  }
  return { initial, ops, restingAfter: engine.restingCount };
}

function applyOp(engine: MatchingEngine, resting: RestingSet, op: Op): void {
  if (op.kind === OP_CANCEL) {
    engine.cancel({ type: 'cancel', id: op.id, owner: op.id });
  } else if (op.kind === OP_MARKET) {
    engine.placeMarket({ type: 'market', id: op.id, owner: op.id, side: op.side, qty: op.qty });
  } else {
    engine.placeLimit({
      type: 'limit',
      id: op.id,
      owner: op.id,
      side: op.side,
      price: op.price,
      qty: op.qty,
      tif: op.ioc ? 'IOC' : 'GTC',
    });
    if (!op.ioc && engine.getOrder(op.id) !== undefined) resting.add(op.id);
  }
}
