import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { BatchResult, GroupWork, MarketSequencer, NewOrder, Outcome, Pending } from './sequencer.ts';
import { spotOrders, type SpotOrderRow } from './spot.schema.ts';
import { writeStops } from './stop-desk.ts';

/**
 * Group commit of every spot market (docs/decisions/0009-batched-ledger.md). One loop takes whatever the
 * markets' queues hold — one command when the exchange is idle, hundreds when it is busy, because commands
 * keep queueing while the previous group commits — and writes the group in ONE database transaction with a
 * constant number of statements however many orders, fills and journal entries it holds:
 *
 *   1. one statement: reserve the placements' order ids, find the client ids already used (idempotent
 *      retries) and lock the accounts the placements freeze from — with the existing accounts the group will
 *      probably credit — in one SELECT … FOR UPDATE in id order;
 *   2. run each market's commands through its engine in memory; refusals are decided against the locked
 *      balances and fail only their command;
 *   3. one statement: the ledger's transactions, postings and one net update per account (the fees account
 *      gets one update per group, not one per fill), the new orders, the changed orders and the trades —
 *      preceded by a lock of credited accounts not locked in 1, only when there are any; commit.
 *
 * Only then are callers answered and market data published. One transaction for all markets means the
 * shared rows (fees, a trader's USDT, the market maker) are locked by one spot transaction at a time: markets
 * never wait on each other's row locks, and two spot groups can never deadlock. A failed group rebuilds the
 * books of its markets from the database and retries its commands one by one, so a bad command fails alone.
 */

/** Per market per group: enough to amortise a commit, small enough to keep one group's latency low. */
const MAX_PER_MARKET = 256;

const p = (value: unknown) => sql.param(value);
type Rows<T> = { rows: T[] };
const text = (v: bigint | number | null) => (v === null ? null : String(v));

/** The group's first statement: reserved order ids and ids of orders whose client id is already used. */
interface PrepareRow extends Record<string, unknown> {
  ids: string[];
  existing: string[];
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Part {
  seq: MarketSequencer;
  pending: Pending[];
}

export class SpotCommitter {
  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly clock: Clock;
  private readonly onCommit: (result: BatchResult) => void;
  private readonly sequencers: MarketSequencer[] = [];
  private running = false;

  constructor(deps: {
    db: Db;
    ledger: LedgerService;
    clock: Clock;
    onCommit: (r: BatchResult) => void;
    /** Where groups commit: a connection of its own on PostgreSQL (Database.groupCommit), else `db`. */
    commitOn?: Db | undefined;
  }) {
    this.db = deps.commitOn ?? deps.db;
    this.ledger = deps.ledger;
    this.clock = deps.clock;
    this.onCommit = deps.onCommit;
  }

  add(seq: MarketSequencer): void {
    this.sequencers.push(seq);
  }

  /** A command was queued: start the loop unless it runs (it picks the command up with the next group). */
  wake(): void {
    if (!this.running) void this.loop();
  }

  get idle(): boolean {
    return !this.running && this.sequencers.every((s) => s.queue.length === 0);
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        // Let the event loop read the requests that arrived meanwhile before a group is cut. On the embedded
        // database every statement runs synchronously behind already-resolved promises, so without this turn a
        // whole transaction runs before the next socket is read and every group holds a single command.
        await yieldToIo();
        const parts: Part[] = [];
        for (const seq of this.sequencers) {
          if (seq.queue.length) parts.push({ seq, pending: seq.queue.splice(0, MAX_PER_MARKET) });
        }
        if (!parts.length) return;
        await Promise.all(parts.map((x) => x.seq.built));
        const size = parts.reduce((n, x) => n + x.pending.length, 0);
        if (!(await this.runGroup(parts)) && size > 1) {
          // a rolled-back group is retried command by command, so one bad command fails alone
          for (const part of parts) {
            for (const one of part.pending) await this.runGroup([{ seq: part.seq, pending: [one] }]);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs one group; false (callers of a group of several not answered yet) if it rolled back. */
  private async runGroup(parts: Part[]): Promise<boolean> {
    const now = new Date(this.clock.now());
    const outcomes = new Map<MarketSequencer, Outcome[]>();
    let work: GroupWork | undefined;
    try {
      await this.ledger.transaction(async (tx) => {
        const places = parts.flatMap((x) =>
          x.pending.flatMap((q) => (q.command.kind === 'place' ? [{ seq: x.seq, order: q.command.order }] : [])),
        );
        const orders = places.map((x) => x.order);
        // one statement: order ids, client ids already used, and the lock of the accounts the placements and
        // stop orders freeze from (plus the existing accounts the group will probably credit)
        const ledger = this.ledger.batch(tx);
        const read = await ledger.lock<PrepareRow>(
          parts.flatMap((x) => x.pending.flatMap((q) => x.seq.accountsToLock(q.command))),
          {
            known: parts.flatMap((x) => x.pending.flatMap((q) => x.seq.creditedAccountsOf(q.command))),
            ...(orders.length ? { alongside: this.prepareQuery(orders) } : {}),
          },
        );
        const { ids, stored } = await this.prepared(tx, read);
        work = {
          tx,
          ledger,
          now,
          stored,
          ids,
          created: new Map(),
          changed: new Map(),
          trades: [],
          stops: new Map(),
        };
        for (const x of parts) {
          outcomes.set(
            x.seq,
            await x.seq.execute(
              work,
              x.pending.map((q) => q.command),
            ),
          );
        }
        await this.write(tx, work);
        await writeStops(tx, work.stops);
      }, this.db);
    } catch (err) {
      // the engines may hold effects of the rolled-back group: take the durable state back
      for (const x of parts) await x.seq.rebuild();
      if (parts.length === 1 && parts[0]!.pending.length === 1) parts[0]!.pending[0]!.reject(err);
      return false;
    }
    // durable now: answer the callers, then publish
    for (const x of parts) {
      const results = outcomes.get(x.seq)!;
      x.pending.forEach((q, i) => {
        const o = results[i]!;
        if ('ok' in o) q.resolve({ ...o.ok });
        else q.reject(o.err);
      });
    }
    this.publish(parts, work!);
    return true;
  }

  /** Reserves one order id per placement and finds the orders whose client id is already used (one row). */
  private prepareQuery(orders: NewOrder[]): SQL {
    return sql`select
          array(select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text from generate_series(1, ${orders.length}::int)) as ids,
          array(select o.id::text from spot_orders o
                join unnest(${p(orders.map((o) => String(o.userId)))}::bigint[], ${p(orders.map((o) => o.clientOrderId))}::text[])
                  as k(user_id, client_order_id)
                  on o.user_id = k.user_id and o.client_order_id = k.client_order_id) as existing`;
  }

  /** The reserved ids in order, and the stored orders of retried client ids (rare: one more read). */
  private async prepared(
    tx: Db,
    read: PrepareRow | undefined,
  ): Promise<{ ids: number[]; stored: Map<string, SpotOrderRow> }> {
    const stored = new Map<string, SpotOrderRow>();
    if (!read) return { ids: [], stored };
    const ids = read.ids.map(Number).sort((a, b) => a - b);
    if (read.existing.length) {
      // retries of orders already stored: their rows, to answer with the first result
      const found = await tx
        .select()
        .from(spotOrders)
        .where(inArray(spotOrders.id, read.existing.map(Number)));
      for (const o of found) stored.set(`${o.userId}|${o.clientOrderId}`, o);
    }
    return { ids, stored };
  }

  /**
   * The ledger's journal, the new orders (in their final state), changed orders and trades: one statement
   * (the ledger's flush carries the order writes), or the order writes alone when nothing was journaled.
   */
  private async write(tx: Db, work: GroupWork): Promise<void> {
    const t = work.trades;
    if (!work.created.size && !work.changed.size && !t.length) {
      await work.ledger.flush();
      return;
    }
    const { ctes, columns } = this.orderWrites(work);
    let row: { trade_ids: Array<number | string> } | undefined;
    ({ row } = await work.ledger.flushWith<{ trade_ids: Array<number | string> }>({ ctes, columns }));
    if (!row) {
      [row] = (
        (await tx.execute(sql`with ${ctes} select ${columns}`)) as unknown as Rows<{
          trade_ids: Array<number | string>;
        }>
      ).rows;
    }
    row!.trade_ids.forEach((id, i) => (t[i]!.id = Number(id)));
  }

  /** New orders, changed orders and trades as data-modifying CTEs, and the trade ids they return. */
  private orderWrites(work: GroupWork): { ctes: SQL; columns: SQL } {
    const c = [...work.created.values()];
    const u = [...work.changed.values()];
    const t = work.trades;
    const iso = (d: Date) => d.toISOString();
    const ctes = sql`ins as (
              insert into spot_orders (id, user_id, symbol, client_order_id, request_hash, side, type, time_in_force,
                price_ticks, qty_lots, quote_amount, remaining_lots, filled_base, turnover, fee, frozen_currency,
                frozen_remaining, status, cancel_reason, demo, created_at, updated_at) overriding system value
              select * from unnest(${p(c.map((o) => String(o.id)))}::bigint[], ${p(c.map((o) => String(o.userId)))}::bigint[],
                ${p(c.map((o) => o.symbol))}::text[], ${p(c.map((o) => o.clientOrderId))}::text[],
                ${p(c.map((o) => o.requestHash))}::text[], ${p(c.map((o) => o.side))}::text[], ${p(c.map((o) => o.type))}::text[],
                ${p(c.map((o) => o.timeInForce))}::text[], ${p(c.map((o) => text(o.priceTicks)))}::bigint[],
                ${p(c.map((o) => text(o.qtyLots)))}::bigint[], ${p(c.map((o) => text(o.quoteAmount)))}::bigint[],
                ${p(c.map((o) => String(o.remainingLots)))}::bigint[], ${p(c.map((o) => String(o.filledBase)))}::bigint[],
                ${p(c.map((o) => String(o.turnover)))}::bigint[], ${p(c.map((o) => String(o.fee)))}::bigint[],
                ${p(c.map((o) => o.frozenCurrency))}::text[], ${p(c.map((o) => String(o.frozenRemaining)))}::bigint[],
                ${p(c.map((o) => o.status))}::text[], ${p(c.map((o) => o.cancelReason))}::text[],
                ${p(c.map((o) => o.demo))}::boolean[], ${p(c.map((o) => iso(o.createdAt)))}::timestamptz[],
                ${p(c.map((o) => iso(o.updatedAt)))}::timestamptz[])
            ),
            upd as (
              update spot_orders o set remaining_lots = d.remaining_lots, filled_base = d.filled_base,
                turnover = d.turnover, fee = d.fee, frozen_remaining = d.frozen_remaining, status = d.status,
                cancel_reason = d.cancel_reason, updated_at = d.updated_at
              from unnest(${p(u.map((o) => String(o.id)))}::bigint[], ${p(u.map((o) => String(o.remainingLots)))}::bigint[],
                ${p(u.map((o) => String(o.filledBase)))}::bigint[], ${p(u.map((o) => String(o.turnover)))}::bigint[],
                ${p(u.map((o) => String(o.fee)))}::bigint[], ${p(u.map((o) => String(o.frozenRemaining)))}::bigint[],
                ${p(u.map((o) => o.status))}::text[], ${p(u.map((o) => o.cancelReason))}::text[],
                ${p(u.map((o) => iso(o.updatedAt)))}::timestamptz[])
                as d(id, remaining_lots, filled_base, turnover, fee, frozen_remaining, status, cancel_reason, updated_at)
              where o.id = d.id
            ),
            tr as materialized (
              select nextval(pg_get_serial_sequence('spot_trades', 'id')) as id, x.*
              from unnest(${p(t.map((x) => x.symbol))}::text[], ${p(t.map((x) => String(x.priceTicks)))}::bigint[],
                ${p(t.map((x) => String(x.qtyLots)))}::bigint[], ${p(t.map((x) => String(x.baseAmount)))}::bigint[],
                ${p(t.map((x) => String(x.quoteAmount)))}::bigint[], ${p(t.map((x) => x.takerSide))}::text[],
                ${p(t.map((x) => String(x.takerOrderId)))}::bigint[], ${p(t.map((x) => String(x.makerOrderId)))}::bigint[],
                ${p(t.map((x) => String(x.takerUserId)))}::bigint[], ${p(t.map((x) => String(x.makerUserId)))}::bigint[],
                ${p(t.map((x) => String(x.takerFee)))}::bigint[], ${p(t.map((x) => String(x.makerFee)))}::bigint[],
                ${p(t.map((x) => x.demo))}::boolean[], ${p(t.map((x) => iso(x.createdAt)))}::timestamptz[])
                with ordinality as x(symbol, price_ticks, qty_lots, base_amount, quote_amount, taker_side,
                  taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_fee, maker_fee, demo, created_at, ord)
            ),
            ti as (
              insert into spot_trades (id, symbol, price_ticks, qty_lots, base_amount, quote_amount, taker_side,
                taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_fee, maker_fee, demo, created_at)
                overriding system value
              select id, symbol, price_ticks, qty_lots, base_amount, quote_amount, taker_side, taker_order_id,
                maker_order_id, taker_user_id, maker_user_id, taker_fee, maker_fee, demo, created_at from tr
            )`;
    const columns = sql`(select coalesce(array_agg(id order by ord), '{}') from tr) as trade_ids`;
    return { ctes, columns };
  }

  /** What each market's part of the committed group changed, to its market data and users' channels. */
  private publish(parts: Part[], work: GroupWork): void {
    const bySymbol = new Map<string, BatchResult>();
    for (const x of parts) {
      bySymbol.set(x.seq.market.symbol, { symbol: x.seq.market.symbol, orders: [], trades: [], users: new Set() });
    }
    for (const o of [...work.created.values(), ...work.changed.values()]) {
      const r = bySymbol.get(o.symbol)!;
      r.orders.push({ ...o });
      r.users.add(o.userId);
    }
    for (const t of work.trades) bySymbol.get(t.symbol)!.trades.push(t);
    for (const r of bySymbol.values()) if (r.orders.length) this.onCommit(r);
  }
}
