import { OrderBook, Side, type LimitOrderOptions } from 'nodejs-order-book';
import type { BookRunner, Depth } from './book-runner.ts';
import { OP_CANCEL, OP_LIMIT, OP_MARKET, type Workload } from './workload.ts';

// nodejs-order-book (npm, v10) under the same stream. Its ids are strings and it takes one options object per
// call; both are built before the clock starts. It has no quote-amount market orders, no price protection on
// market orders and no owner check on cancel, so the stream uses none of them.

type LimitArgs = LimitOrderOptions;
// Its TimeInForce enum is not exported from the package root; the values are these strings.
const GTC = 'GTC' as LimitOrderOptions['timeInForce'];
const IOC = 'IOC' as LimitOrderOptions['timeInForce'];

export class NodejsOrderBookRunner implements BookRunner {
  readonly name = 'nodejs-order-book';
  private readonly initial: LimitArgs[];
  private readonly kinds: Uint8Array;
  /** Per operation: the limit options, the id to cancel or the market options. */
  private readonly args: (LimitArgs | string | { side: Side; size: number })[];
  private book = new OrderBook();

  constructor(workload: Workload) {
    const side = (s: 'buy' | 'sell') => (s === 'buy' ? Side.BUY : Side.SELL);
    this.initial = workload.initial.map((op) => ({
      id: String(op.id),
      side: side(op.side),
      size: op.qty,
      price: op.price,
      timeInForce: GTC,
    }));
    this.kinds = Uint8Array.from(workload.ops, (op) => op.kind);
    this.args = workload.ops.map((op) => {
      if (op.kind === OP_CANCEL) return String(op.id);
      if (op.kind === OP_MARKET) return { side: side(op.side), size: op.qty };
      return {
        id: String(op.id),
        side: side(op.side),
        size: op.qty,
        price: op.price,
        timeInForce: op.ioc ? IOC : GTC,
      };
    });
  }

  reset(): void {
    this.book = new OrderBook();
    for (const o of this.initial) this.book.limit(o);
  }

  runAll(count: number): void {
    for (let i = 0; i < count; i++) this.step(i);
  }

  step(i: number): void {
    const kind = this.kinds[i];
    const arg = this.args[i]!;
    if (kind === OP_LIMIT) this.book.limit(arg as LimitArgs);
    else if (kind === OP_CANCEL) this.book.cancel(arg as string);
    else if (kind === OP_MARKET) this.book.market(arg as { side: Side; size: number });
  }

  depth(): Depth {
    const [asks, bids] = this.book.depth();
    // Its depth lists bids worst first; ours is best first on both sides.
    const sortBids = [...bids].sort((a, b) => b[0] - a[0]);
    const sortAsks = [...asks].sort((a, b) => a[0] - b[0]);
    const resting = (this.book.snapshot().bids.concat(this.book.snapshot().asks) as { orders: unknown[] }[]).reduce(
      (n, level) => n + level.orders.length,
      0,
    );
    return { bids: sortBids, asks: sortAsks, resting };
  }
}
