import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { EventLog, MatchingEngine, type EngineEvent } from '@tidemark/engine';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { OrderBrackets } from './order-brackets.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { Contract } from './domain/contracts.ts';
import type { MarkState } from './domain/mark-price.ts';
import { independentLevels, isIndependentTrade, type RestingOrder } from './domain/independent-liquidity.ts';
import { initialMargin, reduceOnlyRoom, tradeFee } from '@tidemark/futures-math';
import { checkLeverage } from '@tidemark/futures-math';
import { absBig, maxBig, RATE_ONE, divFloor, divCeil } from '@tidemark/futures-math';
import { futuresOrders, futuresTrades, type FuturesOrderRow, type PositionRow } from './futures.schema.ts';
import type { FuturesCommitter } from './futures-committer.ts';
import { noEffects, type FuturesEffects } from './futures-effects.ts';
import { makerRateFor } from './market-parameters.ts';
import { openPositionOf, settleFill, signedSize, walletOf, type FillMode } from './settle-fill.ts';

/**
 * One perpetual contract's sequencer (docs/decisions/0008-futures-clearing.md, after 0006 for spot): its
 * order book on the matching engine, and its commands run ONE AT A TIME in arrival order through the futures
 * group commit (futures-committer.ts), each in its own savepoint of the group's transaction. Futures commands
 * reach across the book (a fill changes positions; liquidation cancels, matches and deleverages in one step),
 * so every command that touches this contract's orders or positions — placements, cancels, closes, margin
 * changes, mark ticks, liquidation, TP/SL, funding — goes through here and nothing else writes them. If a
 * command fails, the book is rebuilt from the open orders its transaction sees.
 */

export interface PlaceInput {
  userId: number;
  clientOrderId: string;
  requestHash: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  priceTicks: bigint | null;
  qtyLots: bigint;
  reduceOnly: boolean;
  postOnly: boolean;
  /** A limit order's remainder: rests (GTC, the default), is cancelled (IOC), or nothing trades unless all can (FOK). */
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  source: FuturesOrderRow['source'];
  marginMode: 'cross' | 'isolated';
  leverage: number;
}

/** Orders a user may place at most this far from the mark (a limit's price, a market order's worst fill). */
export const ORDER_PRICE_BAND = 5_000_000n; // 5 % in RATE_ONE parts

export class ContractBook {
  readonly contract: Contract;
  private engine!: MatchingEngine;
  private readonly log = new EventLog();
  private open = new Map<number, FuturesOrderRow>();
  private readonly committer: FuturesCommitter;
  private readonly db: Db;
  readonly ledger: LedgerService;
  private readonly clock: Clock;
  /** Fee coupons (set by the coupon module); without it every fee is the contract's rate. */
  feeDiscount: FeeDiscount | null = null;
  /** TP/SL given with orders (order-brackets.ts): told of every saved fill, reloaded with the book. */
  brackets: OrderBrackets | null = null;
  /** The last mark computed (null until the first tick with an index price). */
  markState: MarkState | null = null;
  /** Premium samples since the last funding settlement (in memory: a restart starts a fresh average). */
  premiums: bigint[] = [];
  lastFundingTime = 0;
  lastFundingRate: bigint | null = null;
  /**
   * The platform's own accounts quoting here (the market maker). Their orders and trades are left out of the mark
   * price and the funding premium (decision 0007): the maker quotes around the mark and must not move it.
   */
  readonly platformAccounts = new Set<number>();
  /** The last trade between two independent accounts (in memory: after a restart the mark uses the index). */
  lastIndependentTrade: { price: bigint; at: number } | null = null;
  /** Liquidation accounting of the command in progress. */
  private insuranceDelta = 0n;
  /** What the command in progress changed, for the feed once it has committed (futures-effects.ts). */
  effects: FuturesEffects;

  constructor(contract: Contract, deps: { db: Db; ledger: LedgerService; clock: Clock; committer: FuturesCommitter }) {
    this.contract = contract;
    this.committer = deps.committer;
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.clock = deps.clock;
    this.effects = noEffects(contract.symbol);
  }

  /** The effects noted since the last call; the committer keeps them only for a command that held. */
  takeEffects(): FuturesEffects {
    const e = this.effects;
    this.effects = noEffects(this.contract.symbol);
    return e;
  }

  get mark(): bigint | null {
    return this.markState?.mark ?? null;
  }

  /** Takes the open orders back from the database (`executor`: a transaction whose writes count). */
  async rebuild(executor: Db = this.db): Promise<void> {
    this.insuranceDelta = 0n; // the accounting of a command that did not finish
    const rows = await executor
      .select()
      .from(futuresOrders)
      .where(
        and(eq(futuresOrders.symbol, this.contract.symbol), inArray(futuresOrders.status, ['new', 'partially_filled'])),
      )
      .orderBy(asc(futuresOrders.id));
    this.engine = new MatchingEngine(this.log);
    this.open = new Map();
    for (const row of rows) {
      this.engine.load({
        id: row.id,
        owner: row.userId,
        side: row.side,
        price: Number(row.priceTicks!),
        qty: Number(row.remainingLots),
      });
      this.open.set(row.id, row);
    }
    await this.brackets?.reload(executor, this.contract.symbol);
  }

  /**
   * Runs `fn` after every futures command queued before it, and answers once its group has committed
   * (`begin` may supply the transaction, e.g. the idempotent runOnce of the wallet: then it runs alone).
   */
  run<T>(fn: (tx: Db) => Promise<T>, begin?: (body: (tx: Db) => Promise<T>) => Promise<T>): Promise<T> {
    return this.committer.run(this, fn, begin);
  }

  openOrdersOf(userId: number): FuturesOrderRow[] {
    return [...this.open.values()].filter((o) => o.userId === userId).map((o) => ({ ...o }));
  }

  hasOpenOrders(userId: number): boolean {
    for (const o of this.open.values()) if (o.userId === userId) return true;
    return false;
  }

  /** Lots claimed by the user's open reduce-only orders on `side`. */
  reduceOnlyClaimed(userId: number, side: 'buy' | 'sell', exceptId?: number): bigint {
    let sum = 0n;
    for (const o of this.open.values()) {
      if (o.userId === userId && o.reduceOnly && o.side === side && o.id !== exceptId) sum += o.remainingLots;
    }
    return sum;
  }

  depth(side: 'buy' | 'sell', levels = 50): Array<readonly [bigint, bigint]> {
    return this.engine.depth(side, levels).map((l) => [BigInt(l.price), BigInt(l.qty)] as const);
  }

  /** Levels of one side from independent accounts only (not the platform's), best first. */
  independentDepth(side: 'buy' | 'sell'): Array<readonly [bigint, bigint]> {
    const resting: RestingOrder[] = [];
    for (const o of this.open.values()) {
      if (o.priceTicks !== null)
        resting.push({ owner: o.userId, side: o.side, price: o.priceTicks, qty: o.remainingLots });
    }
    return independentLevels(resting, side, this.platformAccounts);
  }

  bestBid(): bigint | null {
    const [l] = this.engine.depth('buy', 1);
    return l ? BigInt(l.price) : null;
  }
  bestAsk(): bigint | null {
    const [l] = this.engine.depth('sell', 1);
    return l ? BigInt(l.price) : null;
  }

  /** Places an order (inside `run`). Freezes its initial margin and fee reserve before it can trade. */
  async place(tx: Db, input: PlaceInput): Promise<FuturesOrderRow> {
    const c = this.contract;
    const [existing] = await tx
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.userId, input.userId), eq(futuresOrders.clientOrderId, input.clientOrderId)));
    if (existing) {
      if (existing.requestHash !== input.requestHash)
        throw conflict('DUPLICATE_CLIENT_ORDER_ID', 'spot.clientOrderIdReused');
      return this.open.get(existing.id) ?? existing;
    }
    const mark = this.mark;
    if (mark === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.markUnavailable', { symbol: c.symbol });
    const position = await openPositionOf(tx, input.userId, c.symbol);
    const size = signedSize(position);
    const dir = input.side === 'buy' ? 1n : -1n;

    if (position && position.marginMode !== input.marginMode && !input.reduceOnly) {
      throw badRequest('MARGIN_MODE_MISMATCH', 'futures.marginModeLocked');
    }
    if (input.reduceOnly) {
      const room = reduceOnlyRoom(
        { size, entryValue: position?.entryValue ?? 0n },
        dir > 0n ? 1 : -1,
        this.reduceOnlyClaimed(input.userId, input.side),
      );
      if (room === 0n || input.qtyLots > room) throw badRequest('REDUCE_ONLY_REJECTED', 'futures.reduceOnlyRejected');
    }

    // price protection: a limit inside the band, a market order never filled beyond it
    const bandLo = divCeil(mark * (RATE_ONE - ORDER_PRICE_BAND), RATE_ONE);
    const bandHi = divFloor(mark * (RATE_ONE + ORDER_PRICE_BAND), RATE_ONE);
    let priceLimit: bigint | undefined;
    let refNotional: bigint;
    if (input.type === 'limit') {
      const p = input.priceTicks!;
      if (input.source === 'user' && (p < bandLo || p > bandHi)) {
        throw badRequest(
          'PRICE_OUT_OF_BAND',
          'futures.priceOutOfBand',
          { min: String(bandLo), max: String(bandHi) },
          'price',
        );
      }
      refNotional = p * input.qtyLots;
    } else {
      priceLimit = input.priceTicks ?? (input.side === 'buy' ? bandHi : bandLo);
      // the cost of walking the opposite side now, up to the limit (what the reserve must cover)
      let lots = input.qtyLots;
      refNotional = 0n;
      for (const [price, qty] of this.depth(input.side === 'buy' ? 'sell' : 'buy', 1000)) {
        if (lots <= 0n || (input.side === 'buy' ? price > priceLimit : price < priceLimit)) break;
        const take = qty < lots ? qty : lots;
        refNotional += price * take;
        lots -= take;
      }
    }
    if (!input.reduceOnly && input.source === 'user' && input.qtyLots * (input.priceTicks ?? mark) < c.minNotional) {
      throw badRequest('BELOW_MIN_NOTIONAL', 'futures.belowMinNotional', { min: String(c.minNotional) }, 'quantity');
    }

    let im = 0n;
    let feeReserve = 0n;
    if (!input.reduceOnly) {
      // the tier of the notional the position could reach bounds the leverage (reference A1.3)
      const sameSide = size === 0n || size > 0n === dir > 0n;
      const after = sameSide
        ? absBig(size) * mark + input.qtyLots * (input.priceTicks ?? mark)
        : absBig(absBig(size) - input.qtyLots) * mark;
      if (checkLeverage(c, input.leverage, after)) throw badRequest('POSITION_TOO_LARGE', 'futures.positionTooLarge');
      im = initialMargin(refNotional, input.leverage);
      const rate = input.type === 'market' ? c.takerFee : maxBig(c.makerFee, c.takerFee);
      feeReserve = tradeFee(refNotional, rate);
    }
    if (im + feeReserve > 0n) {
      await this.ledger.freeze(
        tx,
        'futures_order_freeze',
        walletOf(input.userId),
        im + feeReserve,
        `futures:${c.symbol}:${input.clientOrderId}`,
      );
    }

    const now = new Date(this.clock.now());
    const [row] = await tx
      .insert(futuresOrders)
      .values({
        userId: input.userId,
        symbol: c.symbol,
        clientOrderId: input.clientOrderId,
        requestHash: input.requestHash,
        side: input.side,
        type: input.type,
        source: input.source,
        priceTicks: input.type === 'limit' ? input.priceTicks : null,
        qtyLots: input.qtyLots,
        remainingLots: input.qtyLots,
        reduceOnly: input.reduceOnly,
        postOnly: input.postOnly,
        timeInForce: input.timeInForce ?? 'GTC',
        leverage: input.leverage,
        marginMode: position?.marginMode ?? input.marginMode,
        imRemaining: im,
        feeRemaining: feeReserve,
        status: 'new',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const taker = row!;
    this.effects.users.add(input.userId);
    this.effects.bookChanged = true;
    const touched = new Map<number, FuturesOrderRow>([[taker.id, taker]]);
    this.log.drain();
    if (input.type === 'limit') {
      this.engine.placeLimit({
        type: 'limit',
        id: taker.id,
        owner: input.userId,
        side: input.side,
        price: Number(input.priceTicks),
        qty: Number(input.qtyLots),
        tif: input.postOnly ? 'POST_ONLY' : (input.timeInForce ?? 'GTC'),
      });
    } else {
      this.engine.placeMarket({
        type: 'market',
        id: taker.id,
        owner: input.userId,
        side: input.side,
        qty: Number(input.qtyLots),
        priceLimit: Number(priceLimit! < 1n ? 1n : priceLimit!),
      });
    }
    await this.applyEvents(tx, this.log.drain(), taker, now, touched);
    const resting = this.engine.getOrder(taker.id);
    if (resting) {
      taker.remainingLots = BigInt(resting.qty);
      this.open.set(taker.id, taker);
    } else if (taker.status !== 'cancelled') {
      taker.status = 'filled';
      taker.remainingLots = 0n;
      await this.releaseRest(tx, taker);
    }
    await this.saveOrders(tx, touched);
    return { ...taker };
  }

  /** Cancels one resting order of the user (inside `run`). */
  async cancel(tx: Db, userId: number, orderId: number, reason = 'user'): Promise<FuturesOrderRow> {
    const row = this.open.get(orderId);
    if (!row || row.userId !== userId) {
      const [stored] = await tx
        .select()
        .from(futuresOrders)
        .where(and(eq(futuresOrders.id, orderId), eq(futuresOrders.userId, userId)));
      if (!stored) throw notFound('spot.orderNotFound');
      throw badRequest('ORDER_NOT_OPEN', 'spot.orderNotOpen');
    }
    const now = new Date(this.clock.now());
    const touched = new Map<number, FuturesOrderRow>();
    this.effects.users.add(userId);
    this.effects.bookChanged = true;
    this.log.drain();
    this.engine.cancel({ type: 'cancel', id: orderId, owner: userId });
    await this.applyEvents(tx, this.log.drain(), null, now, touched);
    for (const r of touched.values()) if (r.id === orderId) r.cancelReason = reason;
    await this.saveOrders(tx, touched);
    return { ...row };
  }

  /** Cancels every resting order of the user in this contract. */
  async cancelAllOf(tx: Db, userId: number, reason: string): Promise<number> {
    const ids = [...this.open.values()].filter((o) => o.userId === userId).map((o) => o.id);
    for (const id of ids) await this.cancel(tx, userId, id, reason);
    return ids.length;
  }

  /** Cancels the user's reduce-only orders here (a TP/SL close takes the whole position). */
  async cancelReduceOnlyOf(tx: Db, userId: number): Promise<void> {
    const ids = [...this.open.values()].filter((o) => o.userId === userId && o.reduceOnly).map((o) => o.id);
    for (const id of ids) await this.cancel(tx, userId, id, 'reduce-only');
  }

  /** The liquidation accounting since the last call (for the liquidation record). */
  takeInsuranceDelta(): bigint {
    const d = this.insuranceDelta;
    this.insuranceDelta = 0n;
    return d;
  }

  /**
   * An auto-deleverage fill at the bankruptcy price between the liquidated position and one opposite position
   * (no order, no fee). Both sides go through the same settlement as a match.
   */
  async adlFill(tx: Db, liquidated: PositionRow, counter: PositionRow, qty: bigint, price: bigint): Promise<void> {
    const now = new Date(this.clock.now());
    const mark = this.mark ?? price;
    const liqSide = liquidated.side === 'long' ? 'sell' : 'buy';
    const counterSide = liqSide === 'sell' ? 'buy' : 'sell';
    const a = await settleFill(
      tx,
      this.ledger,
      this.contract,
      party(liquidated.userId, null, liqSide, qty, price, 0n, 'liquidation', 'liquidation'),
      mark,
      now,
    );
    this.insuranceDelta += a.insuranceDelta;
    const b = await settleFill(
      tx,
      this.ledger,
      this.contract,
      party(counter.userId, null, counterSide, qty, price, 0n, 'adl', 'adl'),
      mark,
      now,
    );
    this.insuranceDelta += b.insuranceDelta;
    this.effects.users.add(liquidated.userId).add(counter.userId);
    await tx.insert(futuresTrades).values({
      symbol: this.contract.symbol,
      kind: 'adl',
      priceTicks: price,
      qtyLots: qty,
      takerSide: liqSide,
      takerUserId: liquidated.userId,
      makerUserId: counter.userId,
      takerFee: 0n,
      makerFee: 0n,
      takerPnl: a.realizedPnl,
      makerPnl: b.realizedPnl,
      createdAt: now,
    });
    await this.trimReduceOnly(tx, counter.userId, now);
  }

  private async applyEvents(
    tx: Db,
    events: EngineEvent[],
    taker: FuturesOrderRow | null,
    now: Date,
    touched: Map<number, FuturesOrderRow>,
  ): Promise<void> {
    const c = this.contract;
    const reducedUsers = new Set<number>();
    const orderById = (id: number): FuturesOrderRow => {
      const row = taker?.id === id ? taker : this.open.get(id);
      if (!row) throw new Error(`futures ${c.symbol}: event for unknown order ${id}`);
      touched.set(id, row);
      row.updatedAt = now;
      return row;
    };
    for (const e of events) {
      if (e.type === 'rejected')
        throw new Error(`futures ${c.symbol}: engine rejected order ${e.orderId}: ${e.reason}`);
      if (e.type === 'accepted') continue;
      if (e.type === 'cancelled') {
        const row = orderById(e.orderId);
        row.status = 'cancelled';
        row.cancelReason = row.cancelReason ?? e.reason;
        row.remainingLots = 0n;
        this.open.delete(row.id);
        await this.releaseRest(tx, row);
        continue;
      }
      const takerRow = orderById(e.takerId);
      const makerRow = orderById(e.makerId);
      const qty = BigInt(e.qty);
      const price = BigInt(e.price);
      const mark = this.mark ?? price;
      const outcome = async (row: FuturesOrderRow, isTaker: boolean) => {
        const liquidation = row.source === 'liquidation';
        const mode: FillMode = liquidation ? 'liquidation' : 'normal';
        // the taker is the order being placed (today's rate); a resting maker pays the rate it was placed under
        const rate = liquidation ? 0n : isTaker ? c.takerFee : makerRateFor(c, row.createdAt.getTime());
        const reason = row.source === 'user' ? 'trade' : row.source;
        const before = isTaker ? row.remainingLots : row.remainingLots;
        const r = await settleFill(
          tx,
          this.ledger,
          c,
          { ...party(row.userId, row, row.side, qty, price, rate, mode, reason, before), discount: this.feeDiscount },
          mark,
          now,
        );
        this.insuranceDelta += r.insuranceDelta;
        if (r.reduced) reducedUsers.add(row.userId);
        row.filledLots += qty;
        row.turnover += qty * price;
        row.remainingLots = before - qty;
        return r;
      };
      const taker = await outcome(takerRow, true);
      const maker = await outcome(makerRow, false);
      makerRow.status = e.makerRemaining === 0 ? 'filled' : 'partially_filled';
      makerRow.remainingLots = BigInt(e.makerRemaining);
      if (takerRow.status === 'new') takerRow.status = 'partially_filled';
      if (e.makerRemaining === 0) {
        this.open.delete(makerRow.id);
        await this.releaseRest(tx, makerRow);
      }
      if (isIndependentTrade(takerRow.userId, makerRow.userId, this.platformAccounts)) {
        this.lastIndependentTrade = { price, at: now.getTime() };
      }
      this.effects.users.add(takerRow.userId).add(makerRow.userId);
      const [trade] = await tx
        .insert(futuresTrades)
        .values({
          symbol: c.symbol,
          kind: 'match',
          priceTicks: price,
          qtyLots: qty,
          takerSide: e.takerSide,
          takerOrderId: takerRow.id,
          makerOrderId: makerRow.id,
          takerUserId: takerRow.userId,
          makerUserId: makerRow.userId,
          takerFee: taker.fee,
          makerFee: maker.fee,
          takerPnl: taker.realizedPnl,
          makerPnl: maker.realizedPnl,
          createdAt: now,
        })
        .returning({ id: futuresTrades.id });
      this.effects.trades.push({
        id: trade!.id,
        priceTicks: price,
        qtyLots: qty,
        takerSide: e.takerSide,
        at: now.getTime(),
      });
    }
    for (const userId of reducedUsers) await this.trimReduceOnly(tx, userId, now, touched);
  }

  /** Cancels reduce-only orders that claim more than the position still has (it shrank, closed or flipped). */
  private async trimReduceOnly(
    tx: Db,
    userId: number,
    now: Date,
    touched = new Map<number, FuturesOrderRow>(),
  ): Promise<void> {
    const pos = await openPositionOf(tx, userId, this.contract.symbol);
    const size = signedSize(pos);
    const closingSide = size > 0n ? 'sell' : size < 0n ? 'buy' : null;
    const candidates = [...this.open.values()].filter((o) => o.userId === userId && o.reduceOnly);
    let room = absBig(size);
    for (const o of candidates) {
      if (o.side === closingSide && o.remainingLots <= room) {
        room -= o.remainingLots;
        continue;
      }
      this.log.drain();
      this.engine.cancel({ type: 'cancel', id: o.id, owner: userId });
      o.cancelReason = 'reduce-only';
      await this.applyEvents(tx, this.log.drain(), null, now, touched);
    }
    await this.saveOrders(tx, touched);
  }

  private async releaseRest(tx: Db, row: FuturesOrderRow): Promise<void> {
    const rest = row.imRemaining + row.feeRemaining;
    if (rest <= 0n) return;
    await this.ledger.release(
      tx,
      'futures_order_release',
      walletOf(row.userId),
      rest,
      `futures:${row.symbol}:${row.id}`,
    );
    row.imRemaining = 0n;
    row.feeRemaining = 0n;
  }

  private async saveOrders(tx: Db, touched: Map<number, FuturesOrderRow>): Promise<void> {
    for (const row of touched.values()) {
      await tx
        .update(futuresOrders)
        .set({
          remainingLots: row.remainingLots,
          filledLots: row.filledLots,
          turnover: row.turnover,
          fee: row.fee,
          imRemaining: row.imRemaining,
          feeRemaining: row.feeRemaining,
          status: row.status,
          cancelReason: row.cancelReason,
          updatedAt: row.updatedAt,
        })
        .where(and(eq(futuresOrders.id, row.id), ne(futuresOrders.status, 'filled')));
    }
    await this.brackets?.afterFills(tx, touched.values());
  }
}

function party(
  userId: number,
  order: FuturesOrderRow | null,
  side: 'buy' | 'sell',
  qty: bigint,
  price: bigint,
  feeRate: bigint,
  mode: FillMode,
  closeReason: string,
  orderRemainingBefore = qty,
) {
  return { userId, order, side, qty, price, feeRate, mode, closeReason, orderRemainingBefore };
}
