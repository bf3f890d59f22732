import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { tailOf, type TailCommit } from '../../platform/db/tail-commit.ts';
import type { Carried } from '../wallet/ledger-batch.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { BatchResult, GroupWork, MarketSequencer, NewOrder, Outcome, Pending } from './sequencer.ts';
import { spotOrders, type SpotOrderRow } from './spot.schema.ts';
import { stopsWrite } from './stop-desk.ts';

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
 * Only then are callers answered and market data published. On PostgreSQL the next groups are cut, read and run
 * through the engines while one writes and commits (the pipeline: each starts from the balances the groups in
 * flight leave; its confirmation — its own id-ordered lock, granted once the group before has committed — and its
 * write go to the database with its COMMIT, and run there right after that group). On the embedded database the
 * next group's BEGIN and read wait in the database thread's queue behind the COMMIT of the one before, and its
 * write goes with its own COMMIT. The shared
 * rows (fees, a trader's USDT, the market maker) are locked by one spot transaction at a time: markets never
 * wait on each other's row locks, and two spot groups never deadlock (the next one holds no lock until the one
 * before has committed). A failed group rebuilds the books of its markets from the database and runs again
 * alone, then command by command, so a bad command fails alone.
 */

/** Per market per group: enough to amortise a commit, small enough to keep one group's latency low. */
const MAX_PER_MARKET = 256;
/** Groups in flight at once on PostgreSQL: the connections of Database.groupCommit. */
export const PIPELINE_DEPTH = 3;

const p = (value: unknown) => sql.param(value);
type Rows<T> = { rows: T[] };
const text = (v: bigint | number | null) => (v === null ? null : String(v));

/** The group's first statement: reserved order ids and ids of orders whose client id is already used. */
interface PrepareRow extends Record<string, unknown> {
  ids: string[];
  existing: string[];
  /** Pipelined only: the group's transaction id (the next group's tail checks it committed). */
  xid?: string;
}

/**
 * The advisory lock each pipelined group takes in its first statement, as (CHAIN_LOCK, its sequence number), and
 * holds until it ends: the next group's tail waits on it (ledger_confirm_after) before it writes.
 */
const CHAIN_LOCK = 0x746d7370; // 'tmsp'
const nextSeq = (n: number) => (n + 1) & 0x7fffffff;

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
const NONE: ReadonlySet<number> = new Set();
const noop = () => {};

interface Part {
  seq: MarketSequencer;
  pending: Pending[];
}

/**
 * A group on its way to the database. `decided` settles once its engines have run and its balances are final in
 * memory (its write is about to be sent) — or the group failed before; `done` once it committed and its callers
 * were answered (true) or it rolled back (false).
 */
interface Flight {
  parts: Part[];
  decided: Promise<void>;
  done: Promise<boolean>;
  /** Its account balances as it leaves them, for the group after it (set when decided). */
  carried: Map<string, Carried> | null;
  /** The ids of the orders it creates: they are not visible to the next group's reads until it commits. */
  created: Set<number>;
  /** Pipelined: the advisory lock (CHAIN_LOCK, seq) it holds and its transaction id, set when it has read. */
  seq: number;
  xid: string | null;
}

/**
 * The balances the groups in flight leave, oldest first: an account the last group did not hold is where an
 * earlier one leaves it (it is not committed yet either).
 */
function carriedBy(before: Flight[]): Map<string, Carried> {
  if (before.length === 1) return before[0]!.carried!;
  const out = new Map<string, Carried>();
  for (const f of before) for (const [key, c] of f.carried!) out.set(key, c);
  return out;
}

/** Only these run speculatively: a stop command reads stop rows the group before may not have committed yet. */
const speculates = (parts: Part[]) =>
  parts.every((x) => x.pending.every((q) => q.command.kind === 'place' || q.command.kind === 'cancel'));

export class SpotCommitter {
  private readonly db: Db | TailCommit;
  private readonly ledger: LedgerService;
  private readonly clock: Clock;
  private readonly onCommit: (result: BatchResult) => void;
  private readonly sequencers: MarketSequencer[] = [];
  /** Whether a group may start while the one before commits (a database with more than one connection). */
  private readonly pipelined: boolean;
  /**
   * The embedded database (one connection, requests run in the order posted): the next group's transaction is
   * posted right behind the COMMIT of the one before and reads what that one committed, without waiting for its
   * reply to come back to this thread first.
   */
  private readonly queued: boolean;
  private running = false;
  private seq = 0;

  constructor(deps: {
    db: Db;
    ledger: LedgerService;
    clock: Clock;
    onCommit: (r: BatchResult) => void;
    /**
     * Where groups commit: connections of their own on PostgreSQL (Database.groupCommit, one per group in
     * flight; each group's last statements go with its COMMIT), else `db` — one group at a time.
     */
    commitOn?: TailCommit | undefined;
    /** The embedded database: a transaction posted while the one before commits runs after it (see `queued`). */
    queuesBehindCommit?: boolean | undefined;
  }) {
    this.db = deps.commitOn ?? deps.db;
    this.pipelined = deps.commitOn !== undefined;
    this.queued = !this.pipelined && deps.queuesBehindCommit === true;
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

  /**
   * Cuts and runs groups while commands wait. On PostgreSQL up to PIPELINE_DEPTH groups overlap: the next one is
   * cut, read and run through its engines as soon as the one before is decided, and its last statements wait in
   * the database for that one to commit (docs/decisions/0009-batched-ledger.md, "The pipeline" and "The tail");
   * each commits after the one before it. On the embedded database the next one is cut as soon as the one before
   * is decided too, and its read waits in the database thread's queue behind that one's COMMIT ("queued").
   */
  private async loop(): Promise<void> {
    this.running = true;
    /** Groups decided and not settled yet, oldest first; each was decided on top of the one before it. */
    const flights: Flight[] = [];
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
        if (!parts.length) {
          if (!flights.length) return;
          await this.settle(flights, 1);
          continue;
        }
        await Promise.all(parts.map((x) => x.seq.built));
        const overlaps = this.pipelined || this.queued;
        // not alongside: this group starts from the committed state
        if (flights.length && !(overlaps && speculates(parts))) await this.settle(flights, flights.length);
        const flight = this.start(parts, [...flights]);
        await flight.decided;
        flights.push(flight);
        // one that failed before it was decided settles with the ones before it (it may have failed with them)
        if (!overlaps || !flight.carried) await this.settle(flights, flights.length);
        else if (flights.length >= (this.pipelined ? PIPELINE_DEPTH : 2)) await this.settle(flights, 1);
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Waits for the oldest `n` groups in flight. When one rolled back, every group after it is waited for too: each
   * was decided on top of it and rolls back as well (its tail finds the group before did not commit; it commits
   * only if that group did commit and merely failed to say so — a lost reply). The rolled-back ones run again.
   */
  private async settle(flights: Flight[], n: number): Promise<void> {
    for (let i = 0; i < n && flights.length; i++) {
      const flight = flights.shift()!;
      if (await flight.done) continue;
      const failed = [flight];
      for (const later of flights.splice(0)) if (!(await later.done)) failed.push(later);
      await this.recover(failed);
      return;
    }
  }

  /**
   * Rolled-back groups (all settled): the engines of their markets may hold effects that never became durable,
   * so they are rebuilt from the database; then each group runs again alone — locked the ordinary way — and, if
   * it fails again, command by command, so one bad command fails alone.
   */
  private async recover(flights: Flight[]): Promise<void> {
    const seqs = new Set(flights.flatMap((f) => f.parts.map((x) => x.seq)));
    for (const seq of seqs) await seq.rebuild();
    for (const f of flights) {
      const size = f.parts.reduce((n, x) => n + x.pending.length, 0);
      if (size === 1) {
        // a single command: answered by its own run (its error included)
        if (await this.start(f.parts, [], true).done) continue;
        for (const seq of new Set(f.parts.map((x) => x.seq))) await seq.rebuild();
        continue;
      }
      if (await this.start(f.parts, []).done) continue;
      for (const x of f.parts) await x.seq.rebuild();
      for (const part of f.parts) {
        for (const one of part.pending) {
          if (!(await this.start([{ seq: part.seq, pending: [one] }], [], true).done)) await part.seq.rebuild();
        }
      }
    }
  }

  /**
   * Starts one group in its own transaction. `before`: the groups still in flight, oldest first. With them, its
   * accounts' balances start from where the last of them leaves them and are confirmed by a lock the database
   * grants once that one has committed; its write waits for that commit, so it reads and updates the rows they
   * wrote. `last`: a lone command whose failure is answered to its caller.
   */
  private start(parts: Part[], before: Flight[], last = false): Flight {
    let decide!: () => void;
    const decided = new Promise<void>((resolve) => (decide = resolve));
    this.seq = nextSeq(this.seq);
    const flight: Flight = {
      parts,
      decided,
      done: Promise.resolve(false),
      carried: null,
      created: new Set(),
      seq: this.seq,
      xid: null,
    };
    flight.done = this.runGroup(flight, before, decide, last).finally(decide);
    return flight;
  }

  /** Runs one group; false (callers of a group not answered yet, unless `last`) if it rolled back. */
  private async runGroup(flight: Flight, before: Flight[], decide: () => void, last: boolean): Promise<boolean> {
    const prev = before.at(-1) ?? null;
    const parts = flight.parts;
    const now = new Date(this.clock.now());
    const outcomes = new Map<MarketSequencer, Outcome[]>();
    let work: GroupWork | undefined;
    let written: Promise<void> | undefined;
    try {
      await this.ledger.transaction(async (tx) => {
        // PostgreSQL: the group's last statements are kept and sent with its COMMIT (platform/db/tail-commit.ts)
        const tail = tailOf(tx);
        const places = parts.flatMap((x) =>
          x.pending.flatMap((q) => (q.command.kind === 'place' ? [{ seq: x.seq, order: q.command.order }] : [])),
        );
        const orders = places.map((x) => x.order);
        // one statement: order ids, client ids already used, and the lock of the accounts the placements and
        // stop orders freeze from (plus the existing accounts the group will probably credit)
        const ledger = this.ledger.batch(tx);
        const toLock = parts.flatMap((x) => x.pending.flatMap((q) => x.seq.accountsToLock(q.command)));
        const alongside = this.pipelined
          ? this.prepareQuery(orders, flight.seq)
          : orders.length
            ? this.prepareQuery(orders, null)
            : undefined;
        const options = {
          known: parts.flatMap((x) => x.pending.flatMap((q) => x.seq.creditedAccountsOf(q.command))),
          ...(alongside ? { alongside } : {}),
        };
        const read =
          this.pipelined && prev?.carried
            ? await ledger.lockAhead<PrepareRow>(toLock, carriedBy(before), options)
            : await ledger.lock<PrepareRow>(toLock, options);
        flight.xid = read?.xid ?? null;
        // queued: the read ran after the group before ended, and that one's reply came back first. The engines already
        // hold that group's effects, so if it rolled back this one rolls back too and runs again after the
        // engines are rebuilt (settle, recover)
        if (this.queued && prev && !(await prev.done)) throw new Error('spot group: the group before rolled back');
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
          earlier: before.length ? { has: (id) => before.some((f) => f.created.has(id)) } : NONE,
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
        await ledger.lockCredited();
        flight.carried = ledger.carry();
        for (const id of work.created.keys()) flight.created.add(id);
        decide();
        const stops = stopsWrite(work.stops);
        if (tail) {
          // sent with the COMMIT: first the confirmation (in the database: wait for the group before to end,
          // require that it committed, lock this group's accounts and check the balances it was decided on),
          // then the write; the database runs them the moment the group before has committed
          // (a kept statement's failure fails the commit too, which is where it is handled)
          // (pipelined only: on the embedded database this group's read already ran after the group before ended)
          if (prev && this.pipelined)
            tail.add(ledger.confirmStatement({ lockKey: CHAIN_LOCK, seq: prev.seq, xid: prev.xid! })).catch(noop);
          written = this.write(work, (q) => tail.add(q));
          written.catch(noop);
          if (stops) tail.add(stops).catch(noop);
          return;
        }
        // a transaction that keeps no tail: the write goes at once, then COMMIT
        const send = (q: SQL) => this.rows(tx, q);
        await this.write(work, send);
        if (stops) await send(stops);
      }, this.db);
      await written;
    } catch (err) {
      if (last) parts[0]!.pending[0]!.reject(err);
      return false;
    }
    // answered after the group before (committed first: this group's tail waited for it)
    if (prev) await prev.done;
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

  /**
   * Reserves one order id per placement and finds the orders whose client id is already used (one row). With
   * `seq` (pipelined), also takes the group's advisory lock (CHAIN_LOCK, seq) and returns its transaction id.
   */
  private prepareQuery(orders: NewOrder[], seq: number | null): SQL {
    const chain =
      seq === null
        ? sql``
        : sql`, pg_advisory_xact_lock(${p(CHAIN_LOCK)}::int, ${p(seq)}::int) as chained, pg_current_xact_id()::text as xid`;
    if (!orders.length) return sql`select '{}'::text[] as ids, '{}'::text[] as existing${chain}`;
    return sql`select
          array(select nextval('spot_orders_id_seq')::text from generate_series(1, ${orders.length}::int)) as ids,
          array(select o.id::text from spot_orders o
                join unnest(${p(orders.map((o) => String(o.userId)))}::bigint[], ${p(orders.map((o) => o.clientOrderId))}::text[])
                  as k(user_id, client_order_id)
                  on o.user_id = k.user_id and o.client_order_id = k.client_order_id) as existing${chain}`;
  }

  private async rows(tx: Db, query: SQL): Promise<object[]> {
    return ((await tx.execute(query)) as unknown as Rows<object>).rows;
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
   * (the ledger's flush carries the order writes), or the order writes alone when nothing was journaled. The
   * statement is handed to `send` before this returns (a tail keeps it for the COMMIT); the promise settles with
   * its result.
   */
  private write(work: GroupWork, send: (query: SQL) => Promise<object[]>): Promise<void> {
    const t = work.trades;
    if (!work.created.size && !work.changed.size && !t.length) {
      return work.ledger.flushVia(send).then(() => {});
    }
    const { ctes, columns } = this.orderWrites(work);
    type Row = { trade_ids: Array<number | string> };
    const done = work.ledger.size
      ? work.ledger.flushVia<Row>(send, { ctes, columns }).then((r) => r.row!)
      : send(sql`with ${ctes} select ${columns}`).then((found) => found[0] as Row);
    return done.then((row) => row.trade_ids.forEach((id, i) => (t[i]!.id = Number(id))));
  }

  /** New orders, changed orders and trades as data-modifying CTEs, and the trade ids they return. */
  private orderWrites(work: GroupWork): { ctes: SQL; columns: SQL } {
    const c = [...work.created.values()];
    const u = [...work.changed.values()];
    const t = work.trades;
    // a group's rows mostly share one time (the group's own): written once, not once per row and column
    let lastDate: Date | null = null;
    let lastText = '';
    const iso = (d: Date) => (d === lastDate ? lastText : ((lastDate = d), (lastText = d.toISOString())));
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
              select nextval('spot_trades_id_seq') as id, x.*
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
