import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { feeOf, maxBig } from '@tidemark/contract/money';
import type { StopCancelReason } from '@tidemark/contract/spot-stops';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { AccountRef } from '../wallet/ledger.service.ts';
import { insufficientBalance } from '../wallet/ledger-types.ts';
import { lotsToUnits, notionalUnits, ticksToPrice, type Market } from './markets.ts';
import type { GroupWork, NewOrder } from './sequencer.ts';
import type { SpotOrderRow } from './spot.schema.ts';
import type { NewStop } from './stop-rules.ts';
import { spotStopOrders, type StopOrderRow } from './stop-orders.schema.ts';
import { StopBook, isCrossed } from './stop-triggers.ts';

/**
 * One market's waiting stops, run inside the sequencer's group (docs/decisions/0024-spot-stop-orders.md).
 * Everything a stop does — its placement and freeze, its firing and the order it places, its cancellation and
 * the release — happens in the group's transaction, beside the trade that caused it, so a crash can neither
 * lose a trigger nor fire it twice: either the trade, the stop's new state and its order are all committed,
 * or none is and the stop is still waiting when the book is rebuilt.
 */

/** What the desk needs from its market's sequencer. */
export interface StopHost {
  readonly market: Market;
  /** The price of the market's last trade (committed or in the running group), in ticks. */
  lastPrice(): number | undefined;
  /** An order as it stands in the running group, or resting in the book. */
  orderRow(work: GroupWork, id: number): SpotOrderRow | undefined;
  /** Places an order through the engine (refusals throw an AppError and change nothing). */
  placeOrder(work: GroupWork, order: NewOrder): SpotOrderRow;
  /** Cancels a resting order (its reservation is released unless the caller took it first). */
  cancelResting(work: GroupWork, orderId: number): void;
}

export type StopCommand = { kind: 'stop'; stop: NewStop } | { kind: 'cancelStop'; userId: number; stopId: number };

/** Releases and freezes of a stop take only what the stop itself holds frozen (see LedgerBatch.apply). */
const HELD_FUNDS = { has: () => true };

const p = (value: unknown) => sql.param(value);

export class StopDesk {
  private readonly host: StopHost;
  private book = new StopBook();
  /** Waiting stops by id. */
  private waiting = new Map<number, StopOrderRow>();
  /** Waiting OCO stops by the id of their limit leg. */
  private legs = new Map<number, StopOrderRow>();

  constructor(host: StopHost) {
    this.host = host;
  }

  /** Loads the waiting stops from the database (start-up, and after a group rolled back). */
  async rebuild(db: Db): Promise<void> {
    const rows = await db
      .select()
      .from(spotStopOrders)
      .where(and(eq(spotStopOrders.symbol, this.host.market.symbol), eq(spotStopOrders.status, 'waiting')))
      .orderBy(asc(spotStopOrders.id));
    this.book = new StopBook();
    this.waiting = new Map();
    this.legs = new Map();
    for (const row of rows) this.track(row);
  }

  waitingOf(userId: number): StopOrderRow[] {
    return [...this.waiting.values()].filter((s) => s.userId === userId);
  }

  holds(stopId: number): boolean {
    return this.waiting.has(stopId);
  }

  /** The account a stop (and its OCO leg) freezes from: locked before the group runs. */
  accountOf(stop: NewStop): AccountRef {
    const m = this.host.market;
    return { userId: stop.userId, currency: stop.side === 'sell' ? m.base : m.quote, wallet: 'spot' };
  }

  async place(work: GroupWork, s: NewStop): Promise<StopOrderRow> {
    const m = this.host.market;
    const existing = await this.stored(work, s.userId, s.clientOrderId);
    if (existing) {
      if (existing.requestHash !== s.requestHash)
        throw conflict('DUPLICATE_CLIENT_ORDER_ID', 'spot.clientOrderIdReused');
      return this.waiting.get(existing.id) ?? existing;
    }
    const last = this.host.lastPrice();
    if (last === undefined) throw badRequest('NO_LAST_PRICE', 'spot.noLastPrice', undefined, 'stopPrice');
    const lastText = ticksToPrice(m, last);
    if (isCrossed({ side: s.side, stopPrice: s.stopPriceTicks }, last)) {
      const key = s.side === 'buy' ? 'spot.stopAboveLast' : 'spot.stopBelowLast';
      throw badRequest('STOP_PRICE_CROSSED', key, { last: lastText }, 'stopPrice');
    }
    // an OCO's limit leg waits on the other side of the last price from its stop, or it would be a stop too
    if (s.ocoPriceTicks !== null && (s.side === 'sell' ? s.ocoPriceTicks <= last : s.ocoPriceTicks >= last)) {
      const key = s.side === 'sell' ? 'spot.ocoLimitAboveLast' : 'spot.ocoLimitBelowLast';
      throw badRequest('OCO_LIMIT_PRICE', key, { last: lastText }, 'price');
    }

    const account = this.accountOf(s);
    const need = this.reserveOf(s.side, s.priceTicks, s.qtyLots, s.quoteAmount);
    // an OCO's two legs share one reservation: the limit leg freezes its own need, the stop only what more it needs
    const legNeed = s.ocoPriceTicks !== null ? this.reserveOf(s.side, s.ocoPriceTicks, s.qtyLots, null) : 0n;
    const own = need > legNeed ? need - legNeed : 0n;
    if (this.available(work, account) < legNeed + own) throw insufficientBalance(account);

    const [row] = (
      (await work.tx.execute(
        sql`select nextval(pg_get_serial_sequence('spot_stop_orders', 'id')) as id`,
      )) as unknown as {
        rows: Array<{ id: number | string }>;
      }
    ).rows;
    const stop: StopOrderRow = {
      id: Number(row!.id),
      userId: s.userId,
      symbol: m.symbol,
      clientOrderId: s.clientOrderId,
      requestHash: s.requestHash,
      side: s.side,
      type: s.type,
      stopPriceTicks: s.stopPriceTicks,
      priceTicks: s.priceTicks,
      qtyLots: s.qtyLots,
      quoteAmount: s.quoteAmount,
      ocoOrderId: null,
      frozenCurrency: account.currency,
      frozenAmount: own,
      status: 'waiting',
      cancelReason: null,
      orderId: null,
      createdAt: work.now,
      updatedAt: work.now,
      triggeredAt: null,
    };
    if (s.ocoPriceTicks !== null) {
      work.ids.push(await nextOrderId(work.tx));
      const leg = this.host.placeOrder(work, {
        userId: s.userId,
        clientOrderId: `oco/${stop.id}`,
        requestHash: s.requestHash,
        side: s.side,
        type: 'limit',
        timeInForce: 'GTC',
        priceTicks: s.ocoPriceTicks,
        qtyLots: s.qtyLots,
        quoteAmount: null,
        demo: false,
      });
      stop.ocoOrderId = leg.id;
    }
    if (own > 0n) {
      work.ledger.apply({
        kind: 'spot_stop_freeze',
        reference: `spot-stop:${m.symbol}:${stop.id}`,
        movements: [{ account, available: -own, frozen: own }],
      });
    }
    work.stops.set(stop.id, stop);
    this.track(stop);
    return stop;
  }

  async cancel(work: GroupWork, userId: number, stopId: number): Promise<StopOrderRow> {
    const stop = this.waiting.get(stopId);
    if (!stop || stop.userId !== userId) {
      const mine = work.stops.get(stopId) ?? (await this.storedById(work, stopId));
      if (!mine || mine.userId !== userId) throw notFound('spot.stopNotFound');
      throw badRequest('STOP_NOT_WAITING', 'spot.stopNotWaiting');
    }
    this.end(work, stop, 'user');
    const leg = stop.ocoOrderId === null ? undefined : this.host.orderRow(work, stop.ocoOrderId);
    if (leg && leg.status === 'new') {
      this.host.cancelResting(work, leg.id);
    }
    return stop;
  }

  /**
   * After each command of the group: an OCO whose limit leg traded (or was cancelled) loses its stop; then the
   * stops the last price has crossed fire, in id order — and the orders they place may trade and cross more.
   */
  async settle(work: GroupWork): Promise<void> {
    for (;;) {
      for (const [legId, stop] of this.legs) {
        const leg = this.host.orderRow(work, legId);
        if (leg && leg.status === 'new') continue;
        const reason: StopCancelReason =
          leg && leg.status === 'cancelled' && leg.filledBase === 0n ? 'user' : 'oco-filled';
        this.end(work, stop, reason);
      }
      const last = this.host.lastPrice();
      if (last === undefined || !this.book.size) return;
      const fired = this.book.crossed(last);
      if (!fired.length) return;
      for (const f of fired) await this.fire(work, this.waiting.get(f.id)!);
    }
  }

  /** The stop's order goes into the book, holding what the stop (and its OCO leg) held: no new freeze. */
  private async fire(work: GroupWork, stop: StopOrderRow): Promise<void> {
    this.untrack(stop);
    stop.status = 'triggered';
    stop.triggeredAt = work.now;
    stop.updatedAt = work.now;
    work.stops.set(stop.id, stop);
    let held = stop.frozenAmount;
    if (stop.ocoOrderId !== null) {
      const leg = this.host.orderRow(work, stop.ocoOrderId);
      if (leg && leg.status === 'new') {
        // the leg's reservation moves to the stop's order (frozen stays frozen), so its cancel releases nothing
        held += leg.frozenRemaining;
        leg.frozenRemaining = 0n;
        this.host.cancelResting(work, leg.id);
        leg.cancelReason = 'oco-triggered';
      }
    }
    stop.frozenAmount = 0n;
    work.ids.push(await nextOrderId(work.tx));
    try {
      const order = this.host.placeOrder(work, {
        userId: stop.userId,
        // a character no client id may hold: the database's unique (user, client id) is a second guard
        // that one stop never places two orders
        clientOrderId: `stop/${stop.id}`,
        requestHash: stop.requestHash,
        side: stop.side,
        type: stop.type === 'stop_limit' ? 'limit' : 'market',
        timeInForce: stop.type === 'stop_limit' ? 'GTC' : null,
        priceTicks: stop.priceTicks,
        qtyLots: stop.qtyLots,
        quoteAmount: stop.quoteAmount,
        demo: false,
        heldFrozen: held,
      });
      stop.orderId = order.id;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // the market refused the order (no liquidity, below the minimum at the best price): give the funds back
      stop.status = 'cancelled';
      stop.cancelReason = err.errorKey === 'NO_LIQUIDITY' ? 'no-liquidity' : 'rejected';
      this.release(work, stop, held);
    }
  }

  private end(work: GroupWork, stop: StopOrderRow, reason: StopCancelReason): void {
    this.untrack(stop);
    stop.status = 'cancelled';
    stop.cancelReason = reason;
    stop.updatedAt = work.now;
    this.release(work, stop, stop.frozenAmount);
    stop.frozenAmount = 0n;
    work.stops.set(stop.id, stop);
  }

  private release(work: GroupWork, stop: StopOrderRow, amount: bigint): void {
    if (amount <= 0n) return;
    const account: AccountRef = { userId: stop.userId, currency: stop.frozenCurrency, wallet: 'spot' };
    work.ledger.apply(
      {
        kind: 'spot_stop_release',
        reference: `spot-stop:${stop.symbol}:${stop.id}`,
        movements: [{ account, available: amount, frozen: -amount }],
      },
      HELD_FUNDS,
    );
  }

  private track(stop: StopOrderRow): void {
    this.waiting.set(stop.id, stop);
    this.book.add({ id: stop.id, side: stop.side, stopPrice: stop.stopPriceTicks });
    if (stop.ocoOrderId !== null) this.legs.set(stop.ocoOrderId, stop);
  }

  private untrack(stop: StopOrderRow): void {
    this.waiting.delete(stop.id);
    this.book.remove(stop.id);
    if (stop.ocoOrderId !== null) this.legs.delete(stop.ocoOrderId);
  }

  /** What an order of this shape freezes: the base it sells, or the USDT it may spend with the highest fee. */
  private reserveOf(side: 'buy' | 'sell', priceTicks: number | null, qtyLots: number | null, quote: bigint | null) {
    const m = this.host.market;
    if (side === 'sell') return lotsToUnits(m, qtyLots!);
    if (quote !== null) return quote + feeOf(quote, m.takerRate);
    const notional = notionalUnits(priceTicks!, qtyLots!);
    return notional + feeOf(notional, maxBig(m.makerRate, m.takerRate));
  }

  private available(work: GroupWork, account: AccountRef): bigint {
    return work.ledger.balanceOf(account).available;
  }

  private async stored(work: GroupWork, userId: number, clientOrderId: string): Promise<StopOrderRow | undefined> {
    for (const s of work.stops.values()) if (s.userId === userId && s.clientOrderId === clientOrderId) return s;
    const [row] = await work.tx
      .select()
      .from(spotStopOrders)
      .where(and(eq(spotStopOrders.userId, userId), eq(spotStopOrders.clientOrderId, clientOrderId)));
    return row;
  }

  private async storedById(work: GroupWork, id: number): Promise<StopOrderRow | undefined> {
    const [row] = await work.tx.select().from(spotStopOrders).where(eq(spotStopOrders.id, id));
    return row;
  }
}

/** One more order id, after every id the group reserved: order ids stay in the order orders were placed. */
async function nextOrderId(tx: Db): Promise<number> {
  const [row] = (
    (await tx.execute(sql`select nextval(pg_get_serial_sequence('spot_orders', 'id')) as id`)) as unknown as {
      rows: Array<{ id: number | string }>;
    }
  ).rows;
  return Number(row!.id);
}

/** The statement that writes the stops a group created or changed, or null when there are none. */
export function stopsWrite(stops: Map<number, StopOrderRow>): SQL | null {
  if (!stops.size) return null;
  const s = [...stops.values()];
  const iso = (d: Date | null) => (d === null ? null : d.toISOString());
  const text = (v: bigint | number | null) => (v === null ? null : String(v));
  return sql`insert into spot_stop_orders (id, user_id, symbol, client_order_id, request_hash, side, type, stop_price_ticks,
          price_ticks, qty_lots, quote_amount, oco_order_id, frozen_currency, frozen_amount, status, cancel_reason,
          order_id, created_at, updated_at, triggered_at) overriding system value
        select * from unnest(${p(s.map((x) => String(x.id)))}::bigint[], ${p(s.map((x) => String(x.userId)))}::bigint[],
          ${p(s.map((x) => x.symbol))}::text[], ${p(s.map((x) => x.clientOrderId))}::text[],
          ${p(s.map((x) => x.requestHash))}::text[], ${p(s.map((x) => x.side))}::text[], ${p(s.map((x) => x.type))}::text[],
          ${p(s.map((x) => String(x.stopPriceTicks)))}::bigint[], ${p(s.map((x) => text(x.priceTicks)))}::bigint[],
          ${p(s.map((x) => text(x.qtyLots)))}::bigint[], ${p(s.map((x) => text(x.quoteAmount)))}::bigint[],
          ${p(s.map((x) => text(x.ocoOrderId)))}::bigint[], ${p(s.map((x) => x.frozenCurrency))}::text[],
          ${p(s.map((x) => String(x.frozenAmount)))}::bigint[], ${p(s.map((x) => x.status))}::text[],
          ${p(s.map((x) => x.cancelReason))}::text[], ${p(s.map((x) => text(x.orderId)))}::bigint[],
          ${p(s.map((x) => iso(x.createdAt)))}::timestamptz[], ${p(s.map((x) => iso(x.updatedAt)))}::timestamptz[],
          ${p(s.map((x) => iso(x.triggeredAt)))}::timestamptz[])
        on conflict (id) do update set frozen_amount = excluded.frozen_amount, status = excluded.status,
          cancel_reason = excluded.cancel_reason, order_id = excluded.order_id, updated_at = excluded.updated_at,
          triggered_at = excluded.triggered_at`;
}
