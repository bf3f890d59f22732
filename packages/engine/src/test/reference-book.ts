import type { EngineEvent } from '../event-log.ts';
import type {
  CancelReason,
  Command,
  LimitCommand,
  MarketCommand,
  RejectReason,
  RestingOrder,
  Side,
  StpMode,
} from '../types.ts';

// A naive order book that is slow on purpose and obviously right: resting orders in one array, and before every
// single fill the best opposite order is found by sorting. The model tests run the same random commands through
// it and through MatchingEngine and expect the same events and the same resting book. It follows the rules
// documented in types.ts, written again from the rules rather than from the engine's code.

interface RefOrder extends RestingOrder {
  seq: number;
}

const isPositiveInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
const validStp = (x: unknown) =>
  x === undefined || x === 'cancel-taker' || x === 'cancel-resting' || x === 'cancel-both';

export class ReferenceBook {
  readonly events: EngineEvent[] = [];
  private resting: RefOrder[] = [];
  private seq = 0;

  apply(cmd: Command): void {
    if (cmd.type === 'cancel') this.cancel(cmd.id, cmd.owner);
    else if (cmd.type === 'limit') this.limit(cmd);
    else this.market(cmd);
  }

  /** Resting orders in priority order: bids best first, then asks best first. */
  snapshot(): RestingOrder[] {
    return [...this.sorted('buy'), ...this.sorted('sell')].map(({ id, owner, side, price, qty }) => ({
      id,
      owner,
      side,
      price,
      qty,
    }));
  }

  private sorted(side: Side): RefOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) => (a.price === b.price ? a.seq - b.seq : side === 'buy' ? b.price - a.price : a.price - b.price));
  }

  private reject(id: number, owner: number, reason: RejectReason) {
    this.events.push({ type: 'rejected', orderId: id, owner, reason });
  }

  private cancelled(o: { id: number; owner: number; side: Side }, qty: number, reason: CancelReason) {
    this.events.push({ type: 'cancelled', orderId: o.id, owner: o.owner, side: o.side, qty, reason });
  }

  private cancel(id: number, owner: number) {
    const o = this.resting.find((r) => r.id === id);
    if (!o || o.owner !== owner) return this.reject(id, owner, 'unknown-order');
    this.resting = this.resting.filter((r) => r !== o);
    this.cancelled(o, o.qty, 'user');
  }

  private crosses(side: Side, limit: number, price: number): boolean {
    return side === 'buy' ? price <= limit : price >= limit;
  }

  private limit(cmd: LimitCommand) {
    const { id, owner, side, price, qty, tif } = cmd;
    if (
      !isPositiveInt(id) ||
      !Number.isSafeInteger(owner) ||
      !['buy', 'sell'].includes(side) ||
      !['GTC', 'IOC', 'FOK', 'POST_ONLY'].includes(tif) ||
      !validStp(cmd.stp)
    ) {
      return this.reject(Number(id) || 0, Number(owner) || 0, 'bad-command');
    }
    if (!isPositiveInt(price)) return this.reject(id, owner, 'bad-price');
    if (!isPositiveInt(qty) || !Number.isSafeInteger(price * qty)) return this.reject(id, owner, 'bad-qty');
    if (this.resting.some((r) => r.id === id)) return this.reject(id, owner, 'duplicate-id');
    this.events.push({ type: 'accepted', orderId: id, owner, side });
    const stp = cmd.stp ?? 'cancel-taker';
    const opposite: Side = side === 'buy' ? 'sell' : 'buy';

    if (tif === 'POST_ONLY') {
      if (this.sorted(opposite).some((o) => this.crosses(side, price, o.price))) {
        return this.cancelled(cmd, qty, 'post-only-would-cross');
      }
      return this.rest(cmd, qty);
    }
    if (tif === 'FOK') {
      let available = 0;
      for (const o of this.sorted(opposite)) {
        if (!this.crosses(side, price, o.price)) break;
        if (o.owner === owner) {
          if (stp === 'cancel-resting') continue;
          break;
        }
        available += o.qty;
      }
      if (available < qty) return this.cancelled(cmd, qty, 'fok-unfillable');
    }
    const { left, stop } = this.match(cmd, price, qty, false, stp);
    if (left === 0) return;
    if (stop === 'self') return this.cancelled(cmd, left, 'stp');
    if (tif === 'GTC') return this.rest(cmd, left);
    this.cancelled(cmd, left, 'ioc-remainder');
  }

  private market(cmd: MarketCommand) {
    const { id, owner, side, qty, quoteAmount, priceLimit } = cmd;
    if (!isPositiveInt(id) || !Number.isSafeInteger(owner) || !['buy', 'sell'].includes(side) || !validStp(cmd.stp)) {
      return this.reject(Number(id) || 0, Number(owner) || 0, 'bad-command');
    }
    if (priceLimit !== undefined && !isPositiveInt(priceLimit)) return this.reject(id, owner, 'bad-price');
    if ((qty === undefined) === (quoteAmount === undefined)) return this.reject(id, owner, 'bad-qty');
    const amount = quoteAmount ?? qty;
    if (!isPositiveInt(amount)) return this.reject(id, owner, 'bad-qty');
    if (this.resting.some((r) => r.id === id)) return this.reject(id, owner, 'duplicate-id');
    this.events.push({ type: 'accepted', orderId: id, owner, side });
    const limit = priceLimit ?? (side === 'buy' ? Number.MAX_SAFE_INTEGER : 1);
    const { left, stop } = this.match(cmd, limit, amount, quoteAmount !== undefined, cmd.stp ?? 'cancel-taker');
    if (left === 0) return;
    this.cancelled(cmd, left, stop === 'self' ? 'stp' : stop === 'price' ? 'market-protection' : 'no-liquidity');
  }

  private match(
    taker: { id: number; owner: number; side: Side },
    limit: number,
    amount: number,
    byQuote: boolean,
    stp: StpMode,
  ): { left: number; stop: 'none' | 'price' | 'empty' | 'self' } {
    const opposite: Side = taker.side === 'buy' ? 'sell' : 'buy';
    let left = amount;
    while (left > 0) {
      const best = this.sorted(opposite)[0];
      if (!best) return { left, stop: 'empty' };
      if (!this.crosses(taker.side, limit, best.price)) return { left, stop: 'price' };
      if (best.owner === taker.owner) {
        if (stp === 'cancel-taker') return { left, stop: 'self' };
        this.resting = this.resting.filter((r) => r !== best);
        this.cancelled(best, best.qty, 'stp');
        if (stp === 'cancel-both') return { left, stop: 'self' };
        continue;
      }
      // BigInt division: exact, so this side does not need the engine's rounding guard.
      const affordable = byQuote ? Number(BigInt(left) / BigInt(best.price)) : left;
      if (affordable === 0) return { left, stop: 'empty' };
      const fill = Math.min(best.qty, affordable);
      best.qty -= fill;
      left -= byQuote ? fill * best.price : fill;
      this.events.push({
        type: 'trade',
        takerId: taker.id,
        makerId: best.id,
        takerOwner: taker.owner,
        makerOwner: best.owner,
        takerSide: taker.side,
        price: best.price,
        qty: fill,
        makerRemaining: best.qty,
      });
      if (best.qty === 0) this.resting = this.resting.filter((r) => r !== best);
    }
    return { left, stop: 'none' };
  }

  private rest(cmd: LimitCommand, qty: number) {
    this.resting.push({ id: cmd.id, owner: cmd.owner, side: cmd.side, price: cmd.price, qty, seq: this.seq++ });
  }
}
