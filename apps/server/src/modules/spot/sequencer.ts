import { and, asc, eq, inArray } from 'drizzle-orm';
import { EventLog, MatchingEngine, type EngineEvent } from '@tidemark/engine';
import { feeOf, maxBig, minBig } from '@tidemark/contract/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import { type AccountRef, type LedgerService } from '../wallet/ledger.service.ts';
import { lotsToUnits, notionalUnits, protectionLimit, type Market } from './markets.ts';
import { spotOrders, spotTrades, type SpotOrderRow, type SpotTradeRow } from './spot.schema.ts';

/**
 * The per-market sequencer (DESIGN.md §5, docs/decisions/0006-spot-sequencer.md). Commands queue per
 * market; a batch runs through the engine and every resulting change — orders, trades, journal entries —
 * is written in ONE database transaction. Callers are answered and events published only after the
 * commit. If the transaction fails, the in-memory book may hold effects that never became durable, so the
 * book is rebuilt from the database and the batch's commands are retried one by one (a command that fails
 * alone fails only its caller).
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
}

type Command = { kind: 'place'; order: NewOrder } | { kind: 'cancel'; userId: number; orderId: number };

interface Pending {
  command: Command;
  resolve: (row: SpotOrderRow) => void;
  reject: (err: unknown) => void;
}

/** What one committed batch changed: for market data and the users' channels. */
export interface BatchResult {
  symbol: string;
  orders: SpotOrderRow[];
  trades: SpotTradeRow[];
  users: Set<number>;
}

const MAX_BATCH = 64;

export class MarketSequencer {
  readonly market: Market;
  private engine!: MatchingEngine;
  private readonly log = new EventLog();
  /** Resting orders (the book's rows), by id. */
  private open = new Map<number, SpotOrderRow>();
  private readonly queue: Pending[] = [];
  private draining = false;
  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly clock: Clock;
  private readonly onCommit: (result: BatchResult) => void;
  /** Commands wait for the first rebuild: the HTTP server may listen before the modules have started. */
  private readonly built: Promise<void>;
  private markBuilt!: () => void;

  constructor(
    market: Market,
    deps: { db: Db; ledger: LedgerService; clock: Clock; onCommit: (r: BatchResult) => void },
  ) {
    this.market = market;
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.clock = deps.clock;
    this.onCommit = deps.onCommit;
    this.built = new Promise((resolve) => (this.markBuilt = resolve));
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
    this.markBuilt();
  }

  place(order: NewOrder): Promise<SpotOrderRow> {
    return this.submit({ kind: 'place', order });
  }

  cancel(userId: number, orderId: number): Promise<SpotOrderRow> {
    return this.submit({ kind: 'cancel', userId, orderId });
  }

  /** The caller's resting orders in this market. */
  openOrdersOf(userId: number): SpotOrderRow[] {
    return [...this.open.values()].filter((o) => o.userId === userId);
  }

  /** Aggregated depth of the committed book (call only between batches: see MarketData). */
  depth(side: 'buy' | 'sell') {
    return this.engine.depth(side);
  }

  /** The engine's resting orders, for consistency checks. */
  snapshot() {
    return this.engine.snapshot();
  }

  get idle(): boolean {
    return !this.draining && this.queue.length === 0;
  }

  private submit(command: Command): Promise<SpotOrderRow> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      await this.built;
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        // a rolled-back batch of several is retried command by command, so one bad command fails alone
        if (!(await this.runBatch(batch)) && batch.length > 1) {
          for (const one of batch) await this.runBatch([one]);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /** Runs a batch; returns false (callers not answered yet when the batch had several) if it rolled back. */
  private async runBatch(batch: Pending[]): Promise<boolean> {
    const outcomes: Array<{ ok: SpotOrderRow } | { err: unknown }> = [];
    const touched = new Map<number, SpotOrderRow>();
    const trades: SpotTradeRow[] = [];
    const now = new Date(this.clock.now());
    try {
      await this.ledger.transaction(async (tx) => {
        for (const p of batch) {
          try {
            const row =
              p.command.kind === 'place'
                ? await this.execPlace(tx, p.command.order, now, touched, trades)
                : await this.execCancel(tx, p.command.userId, p.command.orderId, now, touched);
            outcomes.push({ ok: row });
          } catch (err) {
            // a refusal that wrote nothing (validation, balance, unknown order) fails only its command
            if (err instanceof AppError) outcomes.push({ err });
            else throw err;
          }
        }
        for (const row of touched.values()) {
          await tx
            .update(spotOrders)
            .set({
              remainingLots: row.remainingLots,
              filledBase: row.filledBase,
              turnover: row.turnover,
              fee: row.fee,
              frozenRemaining: row.frozenRemaining,
              status: row.status,
              cancelReason: row.cancelReason,
              updatedAt: row.updatedAt,
            })
            .where(eq(spotOrders.id, row.id));
        }
      });
    } catch (err) {
      // the engine and `open` may hold effects of the rolled-back batch: take the durable state back
      await this.rebuild();
      if (batch.length === 1) batch[0]!.reject(err);
      return false;
    }
    // durable now: answer the callers, then publish
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if ('ok' in o) p.resolve({ ...(touched.get(o.ok.id) ?? o.ok) });
      else p.reject(o.err);
    });
    const users = new Set<number>();
    for (const row of touched.values()) users.add(row.userId);
    if (touched.size) {
      this.onCommit({
        symbol: this.market.symbol,
        orders: [...touched.values()].map((r) => ({ ...r })),
        trades,
        users,
      });
    }
    return true;
  }

  private async execPlace(
    tx: Db,
    order: NewOrder,
    now: Date,
    touched: Map<number, SpotOrderRow>,
    trades: SpotTradeRow[],
  ): Promise<SpotOrderRow> {
    const m = this.market;
    const [existing] = await tx
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, order.userId), eq(spotOrders.clientOrderId, order.clientOrderId)));
    if (existing) {
      if (existing.requestHash !== order.requestHash)
        throw conflict('DUPLICATE_CLIENT_ORDER_ID', 'spot.clientOrderIdReused');
      return touched.get(existing.id) ?? this.open.get(existing.id) ?? existing;
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
    if (freeze > 0n) {
      // refuses with INSUFFICIENT_BALANCE before writing anything
      await this.ledger.freeze(tx, 'spot_order_freeze', account, freeze, `spot:${m.symbol}:${order.clientOrderId}`);
    }

    const [row] = await tx
      .insert(spotOrders)
      .values({
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
        frozenCurrency,
        frozenRemaining: freeze,
        status: 'new',
        demo: order.demo,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const taker = row!;
    touched.set(taker.id, taker);

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
    await this.applyEvents(tx, this.log.drain(), taker, now, touched, trades);

    const resting = this.engine.getOrder(taker.id);
    if (resting) {
      taker.remainingLots = resting.qty;
      this.open.set(taker.id, taker);
    } else if (taker.status !== 'cancelled') {
      taker.status = 'filled';
      await this.releaseRest(tx, taker);
    }
    return taker;
  }

  private async execCancel(
    tx: Db,
    userId: number,
    orderId: number,
    now: Date,
    touched: Map<number, SpotOrderRow>,
  ): Promise<SpotOrderRow> {
    const row = this.open.get(orderId);
    if (!row || row.userId !== userId) {
      const [stored] = await tx
        .select()
        .from(spotOrders)
        .where(and(eq(spotOrders.id, orderId), eq(spotOrders.userId, userId)));
      if (!stored) throw notFound('spot.orderNotFound');
      throw badRequest('ORDER_NOT_OPEN', 'spot.orderNotOpen');
    }
    this.log.drain();
    this.engine.cancel({ type: 'cancel', id: orderId, owner: userId });
    await this.applyEvents(tx, this.log.drain(), null, now, touched, []);
    return row;
  }

  /** Turns the engine's events of one command into rows and journal entries. */
  private async applyEvents(
    tx: Db,
    events: EngineEvent[],
    taker: SpotOrderRow | null,
    now: Date,
    touched: Map<number, SpotOrderRow>,
    trades: SpotTradeRow[],
  ): Promise<void> {
    const m = this.market;
    const orderById = (id: number): SpotOrderRow => {
      const row = taker?.id === id ? taker : this.open.get(id);
      if (!row) throw new Error(`spot ${m.symbol}: event for unknown order ${id}`);
      touched.set(id, row);
      row.updatedAt = now;
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
        await this.releaseRest(tx, row);
        continue;
      }
      // a trade
      const takerRow = orderById(e.takerId);
      const makerRow = orderById(e.makerId);
      const buyer = e.takerSide === 'buy' ? takerRow : makerRow;
      const seller = e.takerSide === 'buy' ? makerRow : takerRow;
      const quote = notionalUnits(e.price, e.qty);
      const base = lotsToUnits(m, e.qty);
      const buyerRate = buyer === takerRow ? m.takerRate : m.makerRate;
      const sellerRate = seller === takerRow ? m.takerRate : m.makerRate;
      // fees round up (platform's favour); a buyer's fee never exceeds what its order froze for fees
      const buyerFee = minBig(feeOf(quote, buyerRate), buyer.frozenRemaining - quote);
      const sellerFee = feeOf(quote, sellerRate);
      const ref = `spot:${m.symbol}:${takerRow.id}/${makerRow.id}`;
      const acct = (userId: number, currency: string): AccountRef => ({ userId, currency, wallet: 'spot' });
      await this.ledger.post(tx, {
        kind: 'spot_trade',
        reference: ref,
        movements: [
          { account: acct(buyer.userId, m.quote), frozen: -quote },
          { account: acct(seller.userId, m.quote), available: quote },
          { account: acct(seller.userId, m.base), frozen: -base },
          { account: acct(buyer.userId, m.base), available: base },
        ],
      });
      // each fee is its own entry, payer → fees (the referral fee-share reads them one by one)
      if (buyerFee > 0n) {
        await this.ledger.settleFrozen(
          tx,
          'spot_fee',
          acct(buyer.userId, m.quote),
          [{ account: { system: 'fees', currency: m.quote }, amount: buyerFee }],
          ref,
        );
      }
      if (sellerFee > 0n) {
        await this.ledger.transfer(
          tx,
          'spot_fee',
          acct(seller.userId, m.quote),
          { system: 'fees', currency: m.quote },
          sellerFee,
          ref,
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
        await this.releaseRest(tx, makerRow);
      }
      const [trade] = await tx
        .insert(spotTrades)
        .values({
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
          createdAt: now,
        })
        .returning();
      trades.push(trade!);
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

  private async releaseRest(tx: Db, row: SpotOrderRow): Promise<void> {
    if (row.frozenRemaining <= 0n) return;
    await this.ledger.release(
      tx,
      'spot_order_release',
      { userId: row.userId, currency: row.frozenCurrency, wallet: 'spot' },
      row.frozenRemaining,
      `spot:${row.symbol}:${row.id}`,
    );
    row.frozenRemaining = 0n;
  }
}
