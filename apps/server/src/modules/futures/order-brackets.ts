import { and, eq, inArray } from 'drizzle-orm';
import { triggerPrice, type TriggerSource } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { lastTradeTicks } from './close-triggers.ts';
import { priceToTicks, ticksToPrice, type Contract } from './domain/contracts.ts';
import { futuresOrders, futuresPositions, type FuturesOrderRow } from './futures.schema.ts';
import { futuresOrderBrackets } from './order-brackets.schema.ts';
import { openPositionOf } from './settle-fill.ts';

/**
 * Take-profit / stop-loss given with a futures order (decision 0025). The order itself never changes: the
 * TP/SL waits beside it (`futures_order_brackets`) and is written into the position when the order first
 * fills — the position it opened or added to, on the order's side — in the fill's transaction. From then on it
 * is the position's TP/SL like any other: judged on every tick, closing reduce-only. An order that filled
 * against a position on the other side (it only reduced it) has no position of its own: its TP/SL is dropped.
 *
 * Which orders carry one is kept in memory per contract (no read per fill), reloaded whenever the contract's
 * book is rebuilt (start, rolled-back group), so a restart or a rollback never loses or repeats one.
 */

export interface BracketInput {
  takeProfitPrice?: string | null | undefined;
  stopLossPrice?: string | null | undefined;
  takeProfitTrigger?: TriggerSource | undefined;
  stopLossTrigger?: TriggerSource | undefined;
}

export interface Bracket {
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  tpTrigger: TriggerSource;
  slTrigger: TriggerSource;
}

const ticksOf = (c: Contract, price: string, field: string): bigint => {
  try {
    const t = priceToTicks(c, price);
    if (t <= 0n || t > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('out of range');
    return t;
  } catch {
    throw badRequest('VALIDATION', 'spot.priceTick', { tick: c.tickSize }, field);
  }
};

/** The TP/SL of an order request in ticks, or null when it carries none. */
export function bracketOf(c: Contract, body: BracketInput): Bracket | null {
  const takeProfit = body.takeProfitPrice ? ticksOf(c, body.takeProfitPrice, 'takeProfitPrice') : null;
  const stopLoss = body.stopLossPrice ? ticksOf(c, body.stopLossPrice, 'stopLossPrice') : null;
  if (takeProfit === null && stopLoss === null) return null;
  return {
    takeProfit,
    stopLoss,
    tpTrigger: body.takeProfitTrigger ?? 'mark',
    slTrigger: body.stopLossTrigger ?? 'mark',
  };
}

/**
 * Checks a TP/SL against the price the order opens at — a limit order's price, a market order's the price each
 * trigger watches now (one that would fire at once is refused). A buy (long) takes profit above and stops
 * below; a sell mirrored. Throws a localized 400 naming the field.
 */
export async function assertBracket(
  tx: Db,
  c: Contract,
  order: { side: 'buy' | 'sell'; priceTicks: bigint | null },
  mark: bigint,
  bracket: Bracket,
): Promise<void> {
  const usesLast =
    order.priceTicks === null &&
    ((bracket.takeProfit !== null && bracket.tpTrigger === 'last') ||
      (bracket.stopLoss !== null && bracket.slTrigger === 'last'));
  const last = usesLast ? await lastTradeTicks(tx, c.symbol) : null;
  const reference = (source: TriggerSource, field: string): bigint => {
    if (order.priceTicks !== null) return order.priceTicks;
    const p = triggerPrice(source, mark, last);
    if (p === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.lastPriceUnavailable', undefined, field);
    return p;
  };
  const long = order.side === 'buy';
  if (bracket.takeProfit !== null) {
    const ref = reference(bracket.tpTrigger, 'takeProfitTrigger');
    if (long ? bracket.takeProfit <= ref : bracket.takeProfit >= ref) {
      throw badRequest(
        'STOP_PRICE_INVALID',
        long ? 'futures.bracketTakeProfitAbove' : 'futures.bracketTakeProfitBelow',
        { price: ticksToPrice(c, ref) },
        'takeProfitPrice',
      );
    }
  }
  if (bracket.stopLoss !== null) {
    const ref = reference(bracket.slTrigger, 'stopLossTrigger');
    if (long ? bracket.stopLoss >= ref : bracket.stopLoss <= ref) {
      throw badRequest(
        'STOP_PRICE_INVALID',
        long ? 'futures.bracketStopLossBelow' : 'futures.bracketStopLossAbove',
        { price: ticksToPrice(c, ref) },
        'stopLossPrice',
      );
    }
  }
}

export class OrderBrackets {
  /** Per contract, the open orders whose TP/SL has not been written into a position yet. */
  private readonly pending = new Map<string, Set<number>>();

  private readonly clockNow: () => number;

  constructor(clockNow: () => number) {
    this.clockNow = clockNow;
  }

  /** Stores an order's TP/SL (once: a retried request finds it there) and watches the order. */
  async save(tx: Db, order: FuturesOrderRow, bracket: Bracket): Promise<void> {
    const now = new Date(this.clockNow());
    await tx
      .insert(futuresOrderBrackets)
      .values({
        orderId: order.id,
        userId: order.userId,
        symbol: order.symbol,
        takeProfitTicks: bracket.takeProfit,
        tpTrigger: bracket.tpTrigger,
        stopLossTicks: bracket.stopLoss,
        slTrigger: bracket.slTrigger,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    this.setOf(order.symbol).add(order.id);
  }

  /** Takes back the waiting TP/SL of the contract's open orders (`executor`: the rebuild's transaction). */
  async reload(executor: Db, symbol: string): Promise<void> {
    const rows = await executor
      .select({ orderId: futuresOrderBrackets.orderId })
      .from(futuresOrderBrackets)
      .innerJoin(futuresOrders, eq(futuresOrders.id, futuresOrderBrackets.orderId))
      .where(
        and(
          eq(futuresOrderBrackets.symbol, symbol),
          eq(futuresOrderBrackets.state, 'pending'),
          inArray(futuresOrders.status, ['new', 'partially_filled', 'filled']),
        ),
      );
    this.pending.set(symbol, new Set(rows.map((r) => r.orderId)));
  }

  /**
   * After a group of fills was applied (inside its transaction): every watched order that has filled hands its
   * TP/SL to the position; one that ended with nothing filled drops it.
   */
  async afterFills(tx: Db, rows: Iterable<FuturesOrderRow>): Promise<void> {
    for (const row of rows) {
      const set = this.pending.get(row.symbol);
      if (!set?.has(row.id)) continue;
      if (row.filledLots > 0n) await this.apply(tx, row);
      else if (row.status === 'cancelled' || row.status === 'filled') await this.finish(tx, row.id, 'dropped', null);
      else continue;
      set.delete(row.id);
    }
  }

  private async apply(tx: Db, row: FuturesOrderRow): Promise<void> {
    const [bracket] = await tx
      .select()
      .from(futuresOrderBrackets)
      .where(and(eq(futuresOrderBrackets.orderId, row.id), eq(futuresOrderBrackets.state, 'pending')));
    if (!bracket) return;
    const pos = await openPositionOf(tx, row.userId, row.symbol);
    const own = pos !== null && (pos.side === 'long') === (row.side === 'buy');
    if (!own) {
      await this.finish(tx, row.id, 'dropped', null);
      return;
    }
    // only what the order carries is written: a TP alone keeps the position's SL, and the other way round
    await tx
      .update(futuresPositions)
      .set({
        ...(bracket.takeProfitTicks !== null
          ? { takeProfitTicks: bracket.takeProfitTicks, tpTrigger: bracket.tpTrigger }
          : {}),
        ...(bracket.stopLossTicks !== null
          ? { stopLossTicks: bracket.stopLossTicks, slTrigger: bracket.slTrigger }
          : {}),
        updatedAt: new Date(this.clockNow()),
      })
      .where(eq(futuresPositions.id, pos.id));
    await this.finish(tx, row.id, 'applied', pos.id);
  }

  private async finish(tx: Db, orderId: number, state: 'applied' | 'dropped', positionId: number | null) {
    await tx
      .update(futuresOrderBrackets)
      .set({ state, positionId, updatedAt: new Date(this.clockNow()) })
      .where(eq(futuresOrderBrackets.orderId, orderId));
  }

  private setOf(symbol: string): Set<number> {
    let s = this.pending.get(symbol);
    if (!s) this.pending.set(symbol, (s = new Set()));
    return s;
  }
}

/**
 * Places an order that carries a TP/SL (inside the contract's `run`): checks the TP/SL against the price the
 * order opens at — unless this is a retry of an order already placed, which answers as it did — places it and
 * stores the TP/SL; an order that filled at once hands it to its position right away.
 */
export async function placeWithBracket(
  tx: Db,
  book: { contract: Contract; mark: bigint | null },
  brackets: OrderBrackets,
  order: { userId: number; clientOrderId: string; side: 'buy' | 'sell'; priceTicks: bigint | null },
  bracket: Bracket,
  place: () => Promise<FuturesOrderRow>,
): Promise<FuturesOrderRow> {
  const [existing] = await tx
    .select({ id: futuresOrders.id })
    .from(futuresOrders)
    .where(and(eq(futuresOrders.userId, order.userId), eq(futuresOrders.clientOrderId, order.clientOrderId)));
  if (!existing && book.mark !== null) await assertBracket(tx, book.contract, order, book.mark, bracket);
  const row = await place();
  await brackets.save(tx, row, bracket);
  await brackets.afterFills(tx, [row]);
  return row;
}
