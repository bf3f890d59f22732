import type { BookRunner, Depth } from './book-runner.ts';
import { LadderBook } from './ladder-book.ts';
import { OP_CANCEL, OP_LIMIT, type Op, type Workload } from './workload.ts';

// The reference price-ladder book under the same stream. The stream is unpacked into typed arrays before the
// clock starts, the way a book built for speed would be fed; the tick band is the stream's own price range.

interface PackedOps {
  kind: Uint8Array;
  id: Float64Array;
  isBuy: Uint8Array;
  price: Float64Array;
  qty: Float64Array;
  ioc: Uint8Array;
}

function pack(ops: Op[]): PackedOps {
  const n = ops.length;
  const packed: PackedOps = {
    kind: new Uint8Array(n),
    id: new Float64Array(n),
    isBuy: new Uint8Array(n),
    price: new Float64Array(n),
    qty: new Float64Array(n),
    ioc: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const op = ops[i]!;
    packed.kind[i] = op.kind;
    packed.id[i] = op.id;
    packed.isBuy[i] = op.side === 'buy' ? 1 : 0;
    packed.price[i] = op.price;
    packed.qty[i] = op.qty;
    packed.ioc[i] = op.ioc ? 1 : 0;
  }
  return packed;
}

export class LadderBookRunner implements BookRunner {
  readonly name = 'reference (price ladder)';
  private readonly initial: PackedOps;
  private readonly ops: PackedOps;
  private readonly minPrice: number;
  private readonly maxPrice: number;
  private book: LadderBook;

  constructor(workload: Workload) {
    this.initial = pack(workload.initial);
    this.ops = pack(workload.ops);
    const prices = [...workload.initial, ...workload.ops].filter((op) => op.kind === OP_LIMIT).map((op) => op.price);
    this.minPrice = prices.reduce((a, b) => Math.min(a, b));
    this.maxPrice = prices.reduce((a, b) => Math.max(a, b));
    this.book = this.freshBook();
  }

  reset(): void {
    this.book = this.freshBook();
    const { id, isBuy, price, qty } = this.initial;
    for (let i = 0; i < id.length; i++) this.book.limit(id[i]!, isBuy[i] === 1, price[i]!, qty[i]!, false);
  }

  runAll(count: number): void {
    const book = this.book;
    const { kind, id, isBuy, price, qty, ioc } = this.ops;
    for (let i = 0; i < count; i++) {
      const k = kind[i];
      if (k === OP_LIMIT) book.limit(id[i]!, isBuy[i] === 1, price[i]!, qty[i]!, ioc[i] === 1);
      else if (k === OP_CANCEL) book.cancel(id[i]!);
      else book.market(isBuy[i] === 1, qty[i]!);
    }
  }

  step(i: number): void {
    const { kind, id, isBuy, price, qty, ioc } = this.ops;
    const k = kind[i];
    if (k === OP_LIMIT) this.book.limit(id[i]!, isBuy[i] === 1, price[i]!, qty[i]!, ioc[i] === 1);
    else if (k === OP_CANCEL) this.book.cancel(id[i]!);
    else this.book.market(isBuy[i] === 1, qty[i]!);
  }

  depth(): Depth {
    return {
      bids: this.book.depth(true),
      asks: this.book.depth(false),
      resting: this.book.restingCount,
      traded: { trades: this.book.trades, qty: this.book.tradedQty },
    };
  }

  private freshBook(): LadderBook {
    return new LadderBook(this.minPrice, this.maxPrice, this.initial.id.length * 2);
  }
}
