import {
  MatchingEngine,
  type CancelReason,
  type Command,
  type EventSink,
  type RejectReason,
  type Side,
} from '@tidemark/engine';
import type { BookRunner, Depth } from './book-runner.ts';
import { OP_CANCEL, OP_MARKET, type Op, type Workload } from './workload.ts';

// Tidemark's engine under the benchmark: commands are built before the clock starts, events go to a counting
// sink (what a sequencer would do first: look at each event once).

class CountingSink implements EventSink {
  trades = 0;
  tradedQty = 0;
  cancels = 0;
  accepted(): void {}
  trade(_t: number, _m: number, _to: number, _mo: number, _s: Side, _p: number, qty: number): void {
    this.trades++;
    this.tradedQty += qty;
  }
  cancelled(_id: number, _o: number, _s: Side, _q: number, _r: CancelReason): void {
    this.cancels++;
  }
  rejected(orderId: number, _o: number, reason: RejectReason): void {
    throw new Error(`benchmark stream: order ${orderId} rejected (${reason})`);
  }
}

function toCommand(op: Op): Command {
  if (op.kind === OP_CANCEL) return { type: 'cancel', id: op.id, owner: op.id };
  if (op.kind === OP_MARKET) return { type: 'market', id: op.id, owner: op.id, side: op.side, qty: op.qty };
  return {
    type: 'limit',
    id: op.id,
    owner: op.id,
    side: op.side,
    price: op.price,
    qty: op.qty,
    tif: op.ioc ? 'IOC' : 'GTC',
  };
}

export class TidemarkRunner implements BookRunner {
  readonly name = '@tidemark/engine';
  private readonly initial: Command[];
  private readonly commands: Command[];
  private sink = new CountingSink();
  private engine = new MatchingEngine(this.sink);

  constructor(workload: Workload) {
    this.initial = workload.initial.map(toCommand);
    this.commands = workload.ops.map(toCommand);
  }

  reset(): void {
    this.sink = new CountingSink();
    this.engine = new MatchingEngine(this.sink);
    for (const c of this.initial) this.engine.apply(c);
  }

  runAll(count: number): void {
    const engine = this.engine;
    const commands = this.commands;
    for (let i = 0; i < count; i++) engine.apply(commands[i]!);
  }

  step(i: number): void {
    this.engine.apply(this.commands[i]!);
  }

  depth(): Depth {
    const levels = (side: Side) => this.engine.depth(side).map((l): [number, number] => [l.price, l.qty]);
    return {
      bids: levels('buy'),
      asks: levels('sell'),
      resting: this.engine.restingCount,
      traded: { trades: this.sink.trades, qty: this.sink.tradedQty },
    };
  }
}
