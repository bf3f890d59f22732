import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { EventLog, MatchingEngine, type EngineEvent } from '@tidemark/engine';
import { feeOf, maxBig, minBig } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import type { LedgerBatch } from '../wallet/ledger-batch.ts';
import type { AccountRef } from '../wallet/ledger.service.ts';
import { lotsToUnits, makerRateFor, notionalUnits, protectionLimit, type Market } from './markets.ts';
import { spotOrders, spotTrades, type SpotOrderRow, type SpotTradeRow } from './spot.schema.ts';
import { StopDesk, type StopCommand } from './stop-desk.ts';
import type { StopOrderRow } from './stop-orders.schema.ts';
import type { NewStop } from './stop-rules.ts';

/**
 * The per-market sequencer (DESIGN.md §5, docs/decisions/0006-spot-sequencer.md and 0009-batched-ledger.md).
 * It owns one market's book and its queue of commands. It does no I/O of its own on the happy path: the
 * SpotCommitter takes the queued commands of every market as one group, opens one database transaction,
 * and asks each sequencer to run its commands through the engine IN MEMORY against the group's ledger
 * working set (a refusal fails only its command); the committer then writes orders, trades and journal
 * entries with a constant number of statements and commits. Callers are answered and events published only
 * after the commit. If the commit fails, the book may hold effects that never became durable, so it is
 * rebuilt from the database and the commands are retried one by one.
 */

/** A placement checked against the market's rules; prices and quantities already in ticks and lots. */
export interface NewOrder {
  userId: number;
  clientOrderId: string;
  requestHash: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | null;
  priceTicks: number | null;
  qtyLots: number | null;
  /** USDT minor units (market buy by quote). */
  quoteAmount: bigint | null;
  demo: boolean;
  /** Set when a stop fires: what the stop already holds frozen becomes this order's reservation (no new freeze). */
  heldFrozen?: bigint;
}

export type Command =
  { kind: 'place'; order: NewOrder } | { kind: 'cancel'; userId: number; orderId: number } | StopCommand;

/** What a command answers: an order, or a stop for the stop commands. */
export type CommandResult = SpotOrderRow | StopOrderRow;

export interface Pending {
  command: Command;
  resolve: (row: CommandResult) => void;
  reject: (err: unknown) => void;
}

/** A trade decided in a group, written by the committer (which gives it its id). */
export type NewTrade = Omit<SpotTradeRow, 'id'> & { id: number };

/** What one group changes across markets; filled by the sequencers, written by the committer. */
export interface GroupWork {
  tx: Db;
  ledger: LedgerBatch;
  now: Date;
  /** Stored orders of the group's placements, by `${userId}|${clientOrderId}` (idempotent retries). */
  stored: Map<string, SpotOrderRow>;
  /** Order ids reserved for the group's placements, taken in order (sequence order per market). */
  ids: number[];
  /** Orders created in this group (inserted with their final state) and existing ones changed by it. */
  created: Map<number, SpotOrderRow>;
  changed: Map<number, SpotOrderRow>;
  trades: NewTrade[];
  /** Stops created or changed in this group (written after the orders: they may point at them). */
  stops: Map<number, StopOrderRow>;
  /** Orders the groups before create while they still commit (invisible to this group's reads until then). */
  earlier: { has(id: number): boolean };
}

/** What one committed group changed in one market: for market data and the users' channels. */
export interface BatchResult {
  symbol: string;
  orders: SpotOrderRow[];
  trades: SpotTradeRow[];
  users: Set<number>;
}

export type Outcome = { ok: CommandResult } | { err: unknown };

/**
 * Entries of matching and releases only take funds a resting order or the taker holds frozen in this group,
 * and credit the rest: the ledger batch may apply them to accounts it has not locked yet and checks them when
 * it locks them at flush (see LedgerBatch.apply).
 */
const HELD_FUNDS = { has: () => true };

export class MarketSequencer {
  readonly market: Market;
  private engine!: MatchingEngine;
  private readonly log = new EventLog();
  /** Resting orders (the book's rows), by id. */
  private open = new Map<number, SpotOrderRow>();
  readonly queue: Pending[] = [];
  /** Fee coupons (set by the coupon module); without it every fee is the market's rate. */
  feeDiscount: FeeDiscount | null = null;
  private readonly db: Db;
  private readonly wake: () => void;
  /** Commands wait for the first rebuild: the HTTP server may listen before the modules have started. */
  readonly built: Promise<void>;
  private markBuilt!: () => void;
  /** The market's last trade price in ticks: what stops trigger on. */
  private last: number | undefined;
  /** The waiting stops of this market (stop-desk.ts). */
  private readonly stops: StopDesk;

  constructor(market: Market, deps: { db: Db; wake: () => void }) {
    this.market = market;
    this.db = deps.db;
    this.wake = deps.wake;
    this.built = new Promise((resolve) => (this.markBuilt = resolve));
    this.stops = new StopDesk({
      market,
      lastPrice: () => this.last,
      orderRow: (work, id) => work.created.get(id) ?? work.changed.get(id) ?? this.open.get(id),
      placeOrder: (work, order) => this.execPlace(work, order),
      cancelResting: (work, id) => {
        this.log.drain();
        this.engine.cancel({ type: 'cancel', id, owner: this.open.get(id)!.userId });
        this.applyEvents(work, this.log.drain(), null);
      },
    });
  }

  /** Rebuilds the book from the open orders in sequence (id) order. */
  async rebuild(): Promise<void> {
    const rows = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.symbol, this.market.symbol), inArray(spotOrders.status, ['new', 'partially_filled'])))
      .orderBy(asc(spotOrders.id));
    this.engine = new MatchingEngine(this.log);
    this.open = new Map();
    for (const row of rows) {
      this.engine.load({
        id: row.id,
        owner: row.userId,
        side: row.side,
        price: row.priceTicks!,
        qty: row.remainingLots,
      });
      this.open.set(row.id, row);
    }
    const [last] = await this.db
      .select({ price: spotTrades.priceTicks })
      .from(spotTrades)
      .where(eq(spotTrades.symbol, this.market.symbol))
      .orderBy(desc(spotTrades.id))
      .limit(1);
    this.last = last?.price;
    await this.stops.rebuild(this.db);
    this.markBuilt();
  }

  place(order: NewOrder): Promise<SpotOrderRow> {
    return this.submit({ kind: 'place', order });
  }

  cancel(userId: number, orderId: number): Promise<SpotOrderRow> {
    return this.submit({ kind: 'cancel', userId, orderId });
  }

  placeStop(stop: NewStop): Promise<StopOrderRow> {
    return this.submit({ kind: 'stop', stop });
  }

  cancelStop(userId: number, stopId: number): Promise<StopOrderRow> {
    return this.submit({ kind: 'cancelStop', userId, stopId });
  }

  /** The caller's waiting stops in this market. */
  waitingStopsOf(userId: number): StopOrderRow[] {
    return this.stops.waitingOf(userId);
  }

  /** Whether this stop waits in this market. */
  holdsStop(stopId: number): boolean {
    return this.stops.holds(stopId);
  }

  /** The caller's resting orders in this market. */
  openOrdersOf(userId: number): SpotOrderRow[] {
    return [...this.open.values()].filter((o) => o.userId === userId);
  }

  /** Whether this order rests in this market's book (committed or in the running group). */
  holds(orderId: number): boolean {
    return this.open.has(orderId);
  }

  /** Aggregated depth of the committed book (call only between groups: see MarketData). */
  depth(side: 'buy' | 'sell', maxLevels?: number) {
    return this.engine.depth(side, maxLevels);
  }

  /** The engine's resting orders, for consistency checks. */
  snapshot() {
    return this.engine.snapshot();
  }

  /** The accounts a placement freezes from: locked before the group runs, so refusals are decided in memory. */
  frozenAccountOf(order: NewOrder): AccountRef {
    const currency = order.side === 'sell' ? this.market.base : this.market.quote;
    return { userId: order.userId, currency, wallet: 'spot' };
  }

  /**
   * Accounts a command will probably credit, locked with the group's first statement when they already exist
   * (so the ledger's flush rarely needs a second lock round): the trader's base and quote, and the fee account
   * of the quote; for a cancel, where the order's reserve goes back.
   */
  creditedAccountsOf(command: Command): AccountRef[] {
    const m = this.market;
    if (command.kind === 'place') {
      const userId = command.order.userId;
      return [
        { userId, currency: m.base, wallet: 'spot' },
        { userId, currency: m.quote, wallet: 'spot' },
        { system: 'fees', currency: m.quote },
      ];
    }
    if (command.kind !== 'cancel') return [];
    const row = this.open.get(command.orderId);
    return row && row.userId === command.userId
      ? [{ userId: row.userId, currency: row.frozenCurrency, wallet: 'spot' }]
      : [];
  }

  /** The accounts a command may freeze from: locked by the committer, all at once, before the group runs. */
  accountsToLock(command: Command): AccountRef[] {
    if (command.kind === 'place') return [this.frozenAccountOf(command.order)];
    if (command.kind === 'stop') return [this.stops.accountOf(command.stop)];
    return [];
  }

  private submit<T extends CommandResult>(command: Command): Promise<T> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve: resolve as (row: CommandResult) => void, reject });
      this.wake();
    });
  }

  /**
   * Runs commands through the engine against the group's working set. A refusal that changes nothing
   * (validation, balance, unknown order) fails only its command; anything else throws and fails the group.
   */
  async execute(work: GroupWork, commands: Command[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const command of commands) {
      try {
        const row =
          command.kind === 'place'
            ? this.execPlace(work, command.order)
            : command.kind === 'cancel'
              ? await this.execCancel(work, command.userId, command.orderId)
              : command.kind === 'stop'
                ? await this.stops.place(work, command.stop)
                : await this.stops.cancel(work, command.userId, command.stopId);
        // the stops this command's trades crossed fire now, in the same transaction
        await this.stops.settle(work);
        outcomes.push({ ok: row });
      } catch (err) {
        if (err instanceof AppError) outcomes.push({ err });
        else throw err;
      }
    }
    return outcomes;
  }

  private execPlace(work: GroupWork, order: NewOrder): SpotOrderRow {
    const m = this.market;
    const existing = work.stored.get(`${order.userId}|${order.clientOrderId}`);
    if (existing) {
      if (existing.requestHash !== order.requestHash)
        throw conflict('DUPLICATE_CLIENT_ORDER_ID', 'spot.clientOrderIdReused');
      return this.open.get(existing.id) ?? existing;
    }

    // A market order trades only inside the protection band around the best opposite price now, and by
    // quantity it must be worth the minimum notional at that price (no liquidity: refused, nothing frozen).
    let priceLimit: number | undefined;
    if (order.type === 'market') {
      const best = order.side === 'buy' ? this.engine.bestAsk() : this.engine.bestBid();
      if (best === undefined) throw badRequest('NO_LIQUIDITY', 'spot.noLiquidity');
      priceLimit = protectionLimit(m, order.side, best);
      if (order.qtyLots !== null && notionalUnits(best, order.qtyLots) < m.minNotionalUnits) {
        throw badRequest('MIN_NOTIONAL', 'spot.minNotional', { min: m.minNotional }, 'quantity');
      }
    }

    // What the order may spend, frozen before it can trade.
    let frozenCurrency = m.quote;
    let freeze = 0n;
    const maxRate = maxBig(m.makerRate, m.takerRate);
    if (order.side === 'sell') {
      frozenCurrency = m.base;
      freeze = lotsToUnits(m, order.qtyLots!);
    } else if (order.type === 'limit') {
      const notional = notionalUnits(order.priceTicks!, order.qtyLots!);
      freeze = notional + feeOf(notional, maxRate);
    } else if (order.quoteAmount !== null) {
      freeze = order.quoteAmount + feeOf(order.quoteAmount, m.takerRate);
    } else {
      // market buy by quantity: the cost of walking the asks inside the band now; the last level touched
      // becomes the limit, so the order can never spend more than it froze
      const band = priceLimit!;
      let lots = order.qtyLots!;
      let cost = 0n;
      for (const level of this.engine.depth('sell')) {
        if (lots <= 0 || level.price > band) break;
        const take = Math.min(lots, level.qty);
        cost += notionalUnits(level.price, take);
        lots -= take;
        priceLimit = level.price;
      }
      freeze = cost + feeOf(cost, m.takerRate);
    }
    const account: AccountRef = { userId: order.userId, currency: frozenCurrency, wallet: 'spot' };
    if (order.heldFrozen !== undefined) {
      // a fired stop's order: its funds were frozen when the stop was placed
      freeze = order.heldFrozen;
    } else if (freeze > 0n) {
      // decided in memory against the locked balance: refuses with INSUFFICIENT_BALANCE, nothing applied
      work.ledger.apply({
        kind: 'spot_order_freeze',
        reference: `spot:${m.symbol}:${order.clientOrderId}`,
        movements: [{ account, available: -freeze, frozen: freeze }],
      });
    }

    const id = work.ids.shift();
    if (id === undefined) throw new Error(`spot ${m.symbol}: no order id reserved for this placement`);
    const taker: SpotOrderRow = {
      id,
      userId: order.userId,
      symbol: m.symbol,
      clientOrderId: order.clientOrderId,
      requestHash: order.requestHash,
      side: order.side,
      type: order.type,
      timeInForce: order.timeInForce,
      priceTicks: order.priceTicks,
      qtyLots: order.qtyLots,
      quoteAmount: order.quoteAmount,
      remainingLots: 0,
      filledBase: 0n,
      turnover: 0n,
      fee: 0n,
      frozenCurrency,
      frozenRemaining: freeze,
      status: 'new',
      cancelReason: null,
      demo: order.demo,
      createdAt: work.now,
      updatedAt: work.now,
    };
    work.created.set(taker.id, taker);
    // a retry of the same client id later in this group gets this order back
    work.stored.set(`${order.userId}|${order.clientOrderId}`, taker);

    this.log.drain();
    if (order.type === 'limit') {
      this.engine.placeLimit({
        type: 'limit',
        id: taker.id,
        owner: order.userId,
        side: order.side,
        price: order.priceTicks!,
        qty: order.qtyLots!,
        tif: order.timeInForce ?? 'GTC',
      });
    } else {
      this.engine.placeMarket({
        type: 'market',
        id: taker.id,
        owner: order.userId,
        side: order.side,
        ...(order.quoteAmount !== null ? { quoteAmount: Number(order.quoteAmount) } : { qty: order.qtyLots! }),
        priceLimit: priceLimit!,
      });
    }
    this.applyEvents(work, this.log.drain(), taker);

    const resting = this.engine.getOrder(taker.id);
    if (resting) {
      taker.remainingLots = resting.qty;
      this.open.set(taker.id, taker);
    } else if (taker.status !== 'cancelled') {
      taker.status = 'filled';
      this.releaseRest(work, taker);
    }
    return taker;
  }

  private async execCancel(work: GroupWork, userId: number, orderId: number): Promise<SpotOrderRow> {
    const row = this.open.get(orderId);
    if (!row || row.userId !== userId) {
      const [stored] = await work.tx
        .select({ id: spotOrders.id })
        .from(spotOrders)
        .where(and(eq(spotOrders.id, orderId), eq(spotOrders.userId, userId)));
      if (!stored && !work.created.has(orderId) && !work.earlier.has(orderId)) throw notFound('spot.orderNotFound');
      throw badRequest('ORDER_NOT_OPEN', 'spot.orderNotOpen');
    }
    this.log.drain();
    this.engine.cancel({ type: 'cancel', id: orderId, owner: userId });
    this.applyEvents(work, this.log.drain(), null);
    return row;
  }

  /** Turns the engine's events of one command into order changes, trades and journal entries (in memory). */
  private applyEvents(work: GroupWork, events: EngineEvent[], taker: SpotOrderRow | null): void {
    const m = this.market;
    const orderById = (id: number): SpotOrderRow => {
      const row = taker?.id === id ? taker : this.open.get(id);
      if (!row) throw new Error(`spot ${m.symbol}: event for unknown order ${id}`);
      if (!work.created.has(id)) work.changed.set(id, row);
      row.updatedAt = work.now;
      return row;
    };
    for (const e of events) {
      if (e.type === 'rejected') throw new Error(`spot ${m.symbol}: engine rejected order ${e.orderId}: ${e.reason}`);
      if (e.type === 'accepted') continue;
      if (e.type === 'cancelled') {
        const row = orderById(e.orderId);
        if (this.spentToTheLastLot(row, e)) {
          // what is left cannot buy one more lot: the amount was spent, the order is filled (the dust is released)
          row.status = 'filled';
          row.cancelReason = null;
        } else {
          row.status = 'cancelled';
          row.cancelReason = e.reason;
        }
        row.remainingLots = 0;
        this.open.delete(row.id);
        this.releaseRest(work, row);
        continue;
      }
      // a trade
      this.last = e.price;
      const takerRow = orderById(e.takerId);
      const makerRow = orderById(e.makerId);
      const buyer = e.takerSide === 'buy' ? takerRow : makerRow;
      const seller = e.takerSide === 'buy' ? makerRow : takerRow;
      const quote = notionalUnits(e.price, e.qty);
      const base = lotsToUnits(m, e.qty);
      // the maker pays the rate in force when it was placed: a fee change never reaches a resting order
      const makerRate = makerRateFor(m, makerRow.createdAt.getTime());
      const buyerRate = buyer === takerRow ? m.takerRate : makerRate;
      const sellerRate = seller === takerRow ? m.takerRate : makerRate;
      // fees round up (platform's favour); a buyer's fee never exceeds what its order froze for fees
      // a fee coupon makes it smaller (rounded up again); the fee entry then names the coupon in its memo
      const buyerFull = feeOf(quote, buyerRate);
      const sellerFull = feeOf(quote, sellerRate);
      const at = work.now.getTime();
      const buyerCoupon = this.feeDiscount?.apply(buyer.userId, 'spot', m.symbol, at, buyerFull) ?? null;
      const sellerCoupon = this.feeDiscount?.apply(seller.userId, 'spot', m.symbol, at, sellerFull) ?? null;
      const buyerFee = minBig(buyerCoupon?.fee ?? buyerFull, buyer.frozenRemaining - quote);
      const sellerFee = sellerCoupon?.fee ?? sellerFull;
      const ref = `spot:${m.symbol}:${takerRow.id}/${makerRow.id}`;
      const acct = (userId: number, currency: string): AccountRef => ({ userId, currency, wallet: 'spot' });
      const fees: AccountRef = { system: 'fees', currency: m.quote };
      work.ledger.apply(
        {
          kind: 'spot_trade',
          reference: ref,
          movements: [
            { account: acct(buyer.userId, m.quote), frozen: -quote },
            { account: acct(seller.userId, m.quote), available: quote },
            { account: acct(seller.userId, m.base), frozen: -base },
            { account: acct(buyer.userId, m.base), available: base },
          ],
        },
        HELD_FUNDS,
      );
      // each fee is its own entry, payer → fees (the referral fee-share reads them one by one); the fees
      // account gets one net update per group however many entries credit it
      if (buyerFee > 0n) {
        work.ledger.apply(
          {
            kind: 'spot_fee',
            reference: ref,
            memo: buyerCoupon?.memo,
            movements: [
              { account: acct(buyer.userId, m.quote), frozen: -buyerFee },
              { account: fees, available: buyerFee },
            ],
          },
          HELD_FUNDS,
        );
      }
      if (sellerFee > 0n) {
        // paid from the quote the seller has just received in this same group
        work.ledger.apply(
          {
            kind: 'spot_fee',
            reference: ref,
            memo: sellerCoupon?.memo,
            movements: [
              { account: acct(seller.userId, m.quote), available: -sellerFee },
              { account: fees, available: sellerFee },
            ],
          },
          HELD_FUNDS,
        );
      }
      buyer.frozenRemaining -= quote + buyerFee;
      buyer.fee += buyerFee;
      seller.frozenRemaining -= base;
      seller.fee += sellerFee;
      for (const row of [buyer, seller]) {
        row.filledBase += base;
        row.turnover += quote;
      }
      makerRow.remainingLots = e.makerRemaining;
      makerRow.status = e.makerRemaining === 0 ? 'filled' : 'partially_filled';
      if (takerRow.status === 'new') takerRow.status = 'partially_filled';
      if (e.makerRemaining === 0) {
        this.open.delete(makerRow.id);
        this.releaseRest(work, makerRow);
      }
      work.trades.push({
        id: 0,
        symbol: m.symbol,
        priceTicks: e.price,
        qtyLots: e.qty,
        baseAmount: base,
        quoteAmount: quote,
        takerSide: e.takerSide,
        takerOrderId: takerRow.id,
        makerOrderId: makerRow.id,
        takerUserId: takerRow.userId,
        makerUserId: makerRow.userId,
        takerFee: takerRow === buyer ? buyerFee : sellerFee,
        makerFee: makerRow === buyer ? buyerFee : sellerFee,
        demo: takerRow.demo || makerRow.demo,
        createdAt: work.now,
      });
    }
  }

  /** Gives back what a finished order still holds (a better price, an unused fee reserve, an unfilled rest). */
  /**
   * A market buy by quote amount stops when its rest cannot pay for one lot at the best ask: it bought
   * all its amount could buy, so it is filled — not "partly filled, rest cancelled". A rest that could
   * still buy a lot (the book ran out or the protection band stopped it) stays a cancellation.
   */
  private spentToTheLastLot(row: SpotOrderRow, e: Extract<EngineEvent, { type: 'cancelled' }>): boolean {
    if (row.type !== 'market' || row.side !== 'buy' || row.quoteAmount === null || row.filledBase === 0n) return false;
    if (e.reason !== 'no-liquidity') return false;
    const bestAsk = this.engine.bestAsk();
    // engine units: the rest is in USDT minor units, one lot at `bestAsk` ticks costs `bestAsk` of them
    return bestAsk !== undefined && e.qty < bestAsk;
  }

  private releaseRest(work: GroupWork, row: SpotOrderRow): void {
    if (row.frozenRemaining <= 0n) return;
    const account: AccountRef = { userId: row.userId, currency: row.frozenCurrency, wallet: 'spot' };
    work.ledger.apply(
      {
        kind: 'spot_order_release',
        reference: `spot:${row.symbol}:${row.id}`,
        movements: [{ account, available: row.frozenRemaining, frozen: -row.frozenRemaining }],
      },
      HELD_FUNDS,
    );
    row.frozenRemaining = 0n;
  }
}
