import { and, count, desc, eq, max } from 'drizzle-orm';
import type {
  ClosePositionRequest,
  FundingInfo,
  FundingPayment,
  FuturesAccount,
  FuturesContract,
  FuturesOrder,
  FuturesPlaceOrderRequest,
  FuturesPosition,
  FuturesSetting,
  PositionMarginRequest,
  StopPlRequest,
} from '@tidemark/contract/futures';
import type { Clock } from '../../platform/clock.ts';
import type { MarketGate } from '../market/market-status.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import type { PriceService } from '../market/price.service.ts';
import { hashBody, runOnce } from '../wallet/idempotency.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import type { TradingGate } from '../responsible/trading-gate.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { FuturesCommitter } from './futures-committer.ts';
import type { FuturesEffects } from './futures-effects.ts';
import { ContractBook } from './contract-book.ts';
import { CONTRACTS, contractOf, priceToTicks, qtyToLots, ticksToPrice, type Contract } from './domain/contracts.ts';
import { averagePremium, fundingRate } from './domain/funding.ts';
import {
  bankruptcyPrice,
  crossBankruptcyCollateral,
  crossCollateral,
  liquidationPrice,
  type OtherLeg,
} from '@tidemark/futures-math';
import { isolatedMarginBounds, returnOnEquity, unrealizedPnl } from '@tidemark/futures-math';
import { checkLeverage } from '@tidemark/futures-math';
import { closeTriggerUpdate } from './stop-pl.ts';
import { bracketOf, OrderBrackets, placeWithBracket, type BracketInput } from './order-brackets.ts';
import { formatFixed, RATE_ONE, USDT_SCALE } from '@tidemark/futures-math';
import { fundingTimeAtOrBefore, settleFunding } from './funding.ts';
import {
  futuresFundingPayments,
  futuresFundingRounds,
  futuresMarkPrices,
  futuresOrders,
  futuresPositions,
  futuresSettings,
  type PositionRow,
} from './futures.schema.ts';
import { markTick, toPosition, type MarkOf, type TickReport } from './risk.ts';
import { CLEARING, openPositionOf, walletOf } from './settle-fill.ts';
import { orderView, positionView, rate, usdt } from './views.ts';
import { futuresRealizedPnl } from './realized-pnl.ts';
import {
  contractCandles,
  contractDayStats,
  contractDepth,
  contractFundingRounds,
  contractTrades,
} from './market-data.ts';
import { futuresFillsOf, futuresOrderOf, futuresOrdersOf, type HistoryRange } from './order-queries.ts';
import { adlRanks } from './adl-rank.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

/** The leverage of a contract the user never set, unless configured (FUTURES_DEFAULT_LEVERAGE). */
export const DEFAULT_LEVERAGE = 5;

/**
 * Perpetual futures for users: settings, orders, positions, TP/SL, margin, funding, and the per-tick job
 * (mark price → liquidation / TP/SL → funding). Every change to a contract's orders or positions runs in
 * that contract's sequencer (ContractBook). Published as `ctx.services.futures`.
 */
export class FuturesService {
  readonly books = new Map<string, ContractBook>();
  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly clock: Clock;
  private readonly prices: () => PriceService | undefined;
  readonly defaultLeverage: number;
  private tradingGate: TradingGate | null = null;
  /** The market maker's accounts: the responsible-trading checks are for people, not the platform's quoting. */
  private readonly platformUsers = new Set<number>();
  /** The operator's trading status; without one (tests of the engine path) every contract trades. */
  private readonly gate: MarketGate | undefined;
  private readonly committer: FuturesCommitter;
  private readonly brackets: OrderBrackets;

  constructor(deps: {
    db: Db;
    ledger: LedgerService;
    clock: Clock;
    prices: () => PriceService | undefined;
    defaultLeverage?: number;
    gate?: MarketGate;
  }) {
    this.gate = deps.gate;
    this.defaultLeverage = deps.defaultLeverage ?? DEFAULT_LEVERAGE;
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.clock = deps.clock;
    this.prices = deps.prices;
    // one group commit for every contract: see futures-committer.ts
    const committer = new FuturesCommitter(deps.db);
    this.committer = committer;
    this.brackets = new OrderBrackets(() => deps.clock.now());
    for (const c of CONTRACTS) this.books.set(c.symbol, new ContractBook(c, { ...deps, committer }));
    for (const b of this.books.values()) b.brackets = this.brackets;
  }

  readonly markOf: MarkOf = (symbol) => this.books.get(symbol)?.mark ?? null;

  /** Hands what every committed group changed to `listener` (the `/ws` feed, futures-feed.ts). */
  onCommitted(listener: (effects: FuturesEffects[]) => void): void {
    this.committer.onCommit = listener;
  }

  /** The responsible-trading module's checks before new risk (quiz, cooling-off, young-account leverage). */
  useTradingGate(gate: TradingGate): void {
    this.tradingGate = gate;
  }

  /** The coupon module's fee hook: every fee of every contract passes through it (in memory, per fill). */
  useFeeDiscount(discount: FeeDiscount): void {
    for (const b of this.books.values()) b.feeDiscount = discount;
  }

  book(symbol: string): ContractBook {
    const b = this.books.get(symbol);
    if (!b) throw badRequest('UNKNOWN_CONTRACT', 'futures.unknownContract', undefined, 'symbol');
    return b;
  }

  /** Marks an account as the platform's own (its quotes and trades never feed a mark price or a premium). */
  addPlatformAccount(userId: number): void {
    this.platformUsers.add(userId);
    for (const b of this.books.values()) b.platformAccounts.add(userId);
  }

  /** Rebuilds the books and takes the last recorded mark and funding time back. */
  async start(): Promise<void> {
    const now = this.clock.now();
    for (const b of this.books.values()) {
      await b.rebuild();
      const [last] = await this.db
        .select()
        .from(futuresMarkPrices)
        .where(eq(futuresMarkPrices.symbol, b.contract.symbol))
        .orderBy(desc(futuresMarkPrices.ts))
        .limit(1);
      if (last) b.markState = { basisEma: 0n, at: last.ts.getTime(), index: last.markTicks, mark: last.markTicks };
      const [round] = await this.db
        .select({ t: max(futuresFundingRounds.fundingTime) })
        .from(futuresFundingRounds)
        .where(eq(futuresFundingRounds.symbol, b.contract.symbol));
      // the first settlement is at the first interval boundary after start: no partial period is charged
      b.lastFundingTime = round?.t ? round.t.getTime() : fundingTimeAtOrBefore(now, b.contract.fundingIntervalMs);
    }
  }

  /**
   * One step of the job: for every contract with a fresh index price, a mark tick (recorded; liquidations and
   * TP/SL on it), then funding when an interval boundary has passed.
   */
  async tick(): Promise<Map<string, TickReport>> {
    const prices = this.prices();
    const out = new Map<string, TickReport>();
    if (!prices) return out;
    const now = this.clock.now();
    // every contract's tick queued at once, so they commit as one group
    const ticks: Array<Promise<void>> = [];
    for (const b of this.books.values()) {
      let index: { price: string; ts: number };
      try {
        index = prices.latest(b.contract.symbol);
      } catch {
        continue; // no fresh index: nothing is judged on a stale price
      }
      const mark = b.run((tx) => markTick(b, tx, index.price, index.ts, this.markOf));
      const due = fundingTimeAtOrBefore(now, b.contract.fundingIntervalMs);
      // queued right behind its mark tick, so it settles on that mark
      const funding = due > b.lastFundingTime ? b.run((tx) => settleFunding(b, tx, due)) : null;
      ticks.push(
        Promise.allSettled([mark, funding]).then(([m, f]) => {
          if (m.status === 'rejected') throw m.reason;
          out.set(b.contract.symbol, m.value);
          if (f.status === 'rejected') throw f.reason;
        }),
      );
    }
    await Promise.all(ticks);
    return out;
  }

  // ------------------------------------------------------------------ settings

  /** Realized P&L (USDT minor units) all time and since `since` (realized-pnl.ts); the wallet's assets show it. */
  realizedPnl(userId: number, since: Date): Promise<{ total: bigint; since: bigint }> {
    return futuresRealizedPnl(this.db, userId, since);
  }

  async setting(userId: number, symbol: string, db: Db = this.db): Promise<FuturesSetting> {
    const c = this.book(symbol).contract;
    const [row] = await db
      .select()
      .from(futuresSettings)
      .where(and(eq(futuresSettings.userId, userId), eq(futuresSettings.symbol, symbol)));
    return row
      ? { symbol, marginMode: row.marginMode, leverage: row.leverage }
      : { symbol, marginMode: 'cross', leverage: Math.min(this.defaultLeverage, c.maxLeverage) };
  }

  private async saveSetting(tx: Db, userId: number, s: FuturesSetting): Promise<void> {
    const now = new Date(this.clock.now());
    await tx
      .insert(futuresSettings)
      .values({ userId, symbol: s.symbol, marginMode: s.marginMode, leverage: s.leverage, updatedAt: now })
      .onConflictDoUpdate({
        target: [futuresSettings.userId, futuresSettings.symbol],
        set: { marginMode: s.marginMode, leverage: s.leverage, updatedAt: now },
      });
  }

  /** Leverage for new orders; bounded by the tier of the position's current notional (reference A1.3). */
  async setLeverage(userId: number, symbol: string, leverage: number): Promise<FuturesSetting> {
    const b = this.book(symbol);
    await this.tradingGate?.assertLeverage(userId, leverage);
    return b.run(async (tx) => {
      const pos = await openPositionOf(tx, userId, symbol);
      const notional = pos ? pos.qtyLots * (b.mark ?? 0n) : 0n;
      const err = checkLeverage(b.contract, leverage, notional);
      if (err === 'leverageInvalid')
        throw badRequest('LEVERAGE_INVALID', 'futures.leverageInvalid', undefined, 'leverage');
      if (err) throw badRequest('POSITION_TOO_LARGE', 'futures.positionTooLarge', undefined, 'leverage');
      const s = { ...(await this.setting(userId, symbol, tx)), leverage };
      await this.saveSetting(tx, userId, s);
      b.effects.users.add(userId);
      if (pos) await tx.update(futuresPositions).set({ leverage }).where(eq(futuresPositions.id, pos.id));
      return s;
    });
  }

  setMarginMode(userId: number, symbol: string, marginMode: 'cross' | 'isolated'): Promise<FuturesSetting> {
    const b = this.book(symbol);
    return b.run(async (tx) => {
      const current = await this.setting(userId, symbol, tx);
      if (current.marginMode === marginMode) return current;
      if ((await openPositionOf(tx, userId, symbol)) || b.hasOpenOrders(userId)) {
        throw badRequest('MARGIN_MODE_LOCKED', 'futures.marginModeLocked', undefined, 'marginMode');
      }
      const s = { ...current, marginMode };
      await this.saveSetting(tx, userId, s);
      b.effects.users.add(userId);
      return s;
    });
  }

  // ------------------------------------------------------------------ orders

  async place(
    userId: number,
    body: FuturesPlaceOrderRequest &
      BracketInput & { reduceOnly?: boolean; postOnly?: boolean; timeInForce?: 'GTC' | 'IOC' | 'FOK' },
  ): Promise<FuturesOrder> {
    const b = this.book(body.symbol);
    this.gate?.assertOpen('futures', body.symbol, 'order');
    const c = b.contract;
    const qtyLots = toLots(c, body.quantity);
    const priceTicks = body.price === undefined ? null : toTicks(c, body.price);
    const bracket = bracketOf(c, body);
    if (bracket && body.reduceOnly)
      throw badRequest('VALIDATION', 'futures.bracketReduceOnly', undefined, 'reduceOnly');
    const requestHash = hashBody('futures.order', { ...body, clientOrderId: undefined });
    if (this.tradingGate && !this.platformUsers.has(userId) && !(await this.onlyReduces(userId, body))) {
      const s = await this.setting(userId, body.symbol);
      await this.tradingGate.assertMayOpen(userId, 'futures', s.leverage);
    }
    const row = await b.run(async (tx) => {
      const s = await this.setting(userId, body.symbol, tx);
      const place = () =>
        b.place(tx, {
          userId,
          clientOrderId: body.clientOrderId,
          requestHash,
          side: body.side,
          type: body.type,
          priceTicks,
          qtyLots,
          reduceOnly: body.reduceOnly ?? false,
          postOnly: body.postOnly ?? false,
          ...(body.timeInForce ? { timeInForce: body.timeInForce } : {}),
          source: 'user',
          marginMode: s.marginMode,
          leverage: s.leverage,
        });
      if (!bracket) return place();
      const order = { userId, clientOrderId: body.clientOrderId, side: body.side, priceTicks };
      return placeWithBracket(tx, b, this.brackets, order, bracket, place);
    });
    return orderView(c, row);
  }

  /**
   * An order that can only make the user's position smaller (reduce-only, or against the position and no larger
   * than it): closing is never refused by the responsible-trading checks.
   */
  private async onlyReduces(
    userId: number,
    body: { symbol: string; side: 'buy' | 'sell'; quantity: string; reduceOnly?: boolean },
  ) {
    if (body.reduceOnly) return true;
    const pos = await openPositionOf(this.db, userId, body.symbol);
    if (!pos) return false;
    const against = (pos.side === 'long') === (body.side === 'sell');
    return against && toLots(this.book(body.symbol).contract, body.quantity) <= pos.qtyLots;
  }

  async cancel(userId: number, orderId: number): Promise<FuturesOrder> {
    const [row] = await this.db
      .select({ symbol: futuresOrders.symbol })
      .from(futuresOrders)
      .where(and(eq(futuresOrders.id, orderId), eq(futuresOrders.userId, userId)));
    if (!row) throw notFound('spot.orderNotFound');
    const b = this.book(row.symbol);
    this.gate?.assertOpen('futures', row.symbol, 'cancel');
    const done = await b.run((tx) => b.cancel(tx, userId, orderId));
    const [fresh] = await this.db.select().from(futuresOrders).where(eq(futuresOrders.id, done.id));
    return orderView(b.contract, fresh!);
  }

  openOrders(userId: number, symbol?: string): FuturesOrder[] {
    const books = symbol ? [this.book(symbol)] : [...this.books.values()];
    return books.flatMap((b) => b.openOrdersOf(userId).map((o) => orderView(b.contract, o)));
  }

  /** One of the user's orders by id or client id. */
  order(userId: number, by: { id: number } | { clientOrderId: string }): Promise<FuturesOrder> {
    return futuresOrderOf(this.db, userId, by);
  }

  /** The user's orders in one contract by id or time range, oldest first (order-queries.ts). */
  ordersOf(userId: number, q: HistoryRange): Promise<FuturesOrder[]> {
    this.book(q.symbol);
    return futuresOrdersOf(this.db, userId, q);
  }

  /** The user's fills in one contract, oldest first (order-queries.ts). */
  fillsOf(userId: number, q: HistoryRange & { orderId?: number | undefined }) {
    this.book(q.symbol);
    return futuresFillsOf(this.db, userId, q);
  }

  async orderHistory(userId: number, q: { symbol?: string; page: number; size: number }) {
    const where = and(eq(futuresOrders.userId, userId), q.symbol ? eq(futuresOrders.symbol, q.symbol) : undefined);
    const rows = await this.db
      .select()
      .from(futuresOrders)
      .where(where)
      .orderBy(desc(futuresOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(futuresOrders).where(where);
    return {
      items: rows.map((r) => orderView(contractOf(r.symbol)!, r)),
      total: Number(total?.n ?? 0),
      page: q.page,
      size: q.size,
    };
  }

  // ------------------------------------------------------------------ positions

  /** Fast close (no quantity: the whole position) or a partial close, at market, reduce-only. */
  async closePosition(userId: number, body: ClosePositionRequest): Promise<FuturesOrder> {
    const b = this.book(body.symbol);
    // a close is a new (reduce-only) order: refused unless the contract trades
    this.gate?.assertOpen('futures', body.symbol, 'order');
    const c = b.contract;
    const partial = body.quantity === undefined ? null : toLots(c, body.quantity);
    const requestHash = hashBody('futures.close', { ...body, clientOrderId: undefined });
    const row = await b.run(async (tx) => {
      const pos = await openPositionOf(tx, userId, body.symbol);
      if (!pos) {
        const [done] = await tx
          .select()
          .from(futuresOrders)
          .where(and(eq(futuresOrders.userId, userId), eq(futuresOrders.clientOrderId, body.clientOrderId)));
        if (done) return done; // a retry of a close that already closed everything
        throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
      }
      if (partial === null) await b.cancelReduceOnlyOf(tx, userId);
      return b.place(tx, {
        userId,
        clientOrderId: body.clientOrderId,
        requestHash,
        side: pos.side === 'long' ? 'sell' : 'buy',
        type: 'market',
        priceTicks: null,
        qtyLots: partial ?? pos.qtyLots,
        reduceOnly: true,
        postOnly: false,
        source: 'close',
        marginMode: pos.marginMode,
        leverage: pos.leverage,
      });
    });
    return orderView(c, row);
  }

  /** Close all: every open position (of one contract or all), its orders cancelled first. */
  async closeAll(userId: number, requestId: string, symbol?: string): Promise<{ orders: FuturesOrder[] }> {
    const positions = await this.db
      .select()
      .from(futuresPositions)
      .where(
        and(
          eq(futuresPositions.userId, userId),
          eq(futuresPositions.status, 'open'),
          symbol ? eq(futuresPositions.symbol, symbol) : undefined,
        ),
      );
    const orders: FuturesOrder[] = [];
    // every contract is checked before anything is cancelled, so a halted one leaves the command undone
    for (const p of positions) this.gate?.assertOpen('futures', p.symbol, 'order');
    for (const p of positions) {
      const b = this.book(p.symbol);
      await b.run((tx) => b.cancelAllOf(tx, userId, 'close-all'));
      orders.push(await this.closePosition(userId, { clientOrderId: `${requestId}.${p.symbol}`, symbol: p.symbol }));
    }
    return { orders };
  }

  async positions(userId: number, symbol?: string): Promise<FuturesPosition[]> {
    const rows = await this.db
      .select()
      .from(futuresPositions)
      .where(
        and(
          eq(futuresPositions.userId, userId),
          eq(futuresPositions.status, 'open'),
          symbol ? eq(futuresPositions.symbol, symbol) : undefined,
        ),
      )
      .orderBy(futuresPositions.id);
    const available = (await this.ledger.balance(walletOf(userId))).available;
    const ranks = await adlRanks(
      this.db,
      this.ledger,
      rows.map((row) => ({ row, mark: this.markOf(row.symbol) })),
    );
    return rows.map((p) => this.openView(p, rows, available, ranks));
  }

  private openView(
    p: PositionRow,
    all: PositionRow[],
    available: bigint,
    adlRanks: ReadonlyMap<number, number>,
  ): FuturesPosition {
    const b = this.book(p.symbol);
    const c = b.contract;
    const mark = b.mark;
    const position = toPosition(p);
    let liq: bigint | null = null;
    let bp: bigint | null = null;
    if (p.marginMode === 'isolated') {
      liq = liquidationPrice(c, position, p.margin);
      bp = bankruptcyPrice(position, p.margin);
    } else {
      // cross: the wallet (available + every cross margin) less the other cross positions' maintenance, plus their uPnL
      const others: OtherLeg[] = [];
      let wallet = available;
      for (const o of all) {
        if (o.marginMode !== 'cross') continue;
        wallet += o.margin;
        const m = this.markOf(o.symbol);
        if (o.id !== p.id && m !== null)
          others.push({ contract: contractOf(o.symbol)!, position: toPosition(o), mark: m });
      }
      liq = liquidationPrice(c, position, crossCollateral(wallet, others));
      bp = bankruptcyPrice(position, crossBankruptcyCollateral(wallet, others));
    }
    const closingSide = p.side === 'long' ? 'sell' : 'buy';
    return positionView(c, p, {
      mark,
      unrealizedPnl: mark === null ? null : unrealizedPnl(position, mark),
      roe: mark === null ? null : returnOnEquity(position, mark, p.leverage),
      liquidationPrice: liq,
      bankruptcyPrice: bp,
      closable:
        p.qtyLots - b.reduceOnlyClaimed(p.userId, closingSide) > 0n
          ? p.qtyLots - b.reduceOnlyClaimed(p.userId, closingSide)
          : 0n,
      adlRank: adlRanks.get(p.id) ?? null,
    });
  }

  async closedPositions(userId: number, q: { symbol?: string; page: number; size: number }) {
    const where = and(
      eq(futuresPositions.userId, userId),
      eq(futuresPositions.status, 'closed'),
      q.symbol ? eq(futuresPositions.symbol, q.symbol) : undefined,
    );
    const rows = await this.db
      .select()
      .from(futuresPositions)
      .where(where)
      .orderBy(desc(futuresPositions.closedAt), desc(futuresPositions.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(futuresPositions).where(where);
    const none = {
      mark: null,
      unrealizedPnl: null,
      roe: null,
      liquidationPrice: null,
      bankruptcyPrice: null,
      closable: 0n,
      adlRank: null,
    };
    return {
      items: rows.map((r) => positionView(contractOf(r.symbol)!, r, none)),
      total: Number(total?.n ?? 0),
      page: q.page,
      size: q.size,
    };
  }

  /** Isolated margin add / remove within the published bounds (reference A1.4), idempotent by requestId. */
  async positionMargin(userId: number, body: PositionMarginRequest): Promise<FuturesPosition> {
    const b = this.book(body.symbol);
    const amount = parseAmount(body.amount);
    await b.run(
      async (tx) => {
        const pos = await openPositionOf(tx, userId, body.symbol);
        if (!pos) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
        if (pos.marginMode !== 'isolated') throw badRequest('NOT_ISOLATED', 'futures.notIsolated', undefined, 'symbol');
        const ref = `futures:${body.symbol}:position:${pos.id}`;
        b.effects.users.add(userId);
        if (body.action === 'add') {
          await this.ledger.transfer(tx, 'futures_margin_add', walletOf(userId), CLEARING, amount, ref);
          await tx
            .update(futuresPositions)
            .set({ margin: pos.margin + amount })
            .where(eq(futuresPositions.id, pos.id));
        } else {
          const mark = b.mark;
          if (mark === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.markUnavailable', { symbol: body.symbol });
          const { maxRemove } = isolatedMarginBounds({
            position: toPosition(pos),
            margin: pos.margin,
            mark,
            leverage: pos.leverage,
            available: 0n,
          });
          if (amount > maxRemove) {
            throw badRequest(
              'MARGIN_REMOVE_TOO_MUCH',
              'futures.marginRemoveTooMuch',
              { max: usdt(maxRemove) },
              'amount',
            );
          }
          await this.ledger.transfer(tx, 'futures_margin_remove', CLEARING, walletOf(userId), amount, ref);
          await tx
            .update(futuresPositions)
            .set({ margin: pos.margin - amount })
            .where(eq(futuresPositions.id, pos.id));
        }
        return { positionId: pos.id };
      },
      (fn) => runOnce(this.ledger, userId, body.requestId, 'futures.margin', body, fn),
    );
    const [view] = await this.positions(userId, body.symbol);
    if (!view) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
    return view;
  }

  /**
   * TP/SL of the open position (spec §5): a long's stop-loss not above the open price and take-profit not below
   * it (a short mirrored), neither one that would fire at the current mark. A stop-loss beyond the estimated
   * liquidation price is accepted with a warning. Each watches the mark or the last trade; a trailing stop may
   * be set beside them (stop-pl.ts, decision 0025).
   */
  async setStopPl(userId: number, body: StopPlRequest): Promise<FuturesPosition & { warning: string | null }> {
    const b = this.book(body.symbol);
    const c = b.contract;
    const tp = body.takeProfitPrice ? toTicks(c, body.takeProfitPrice) : null;
    const sl = body.stopLossPrice ? toTicks(c, body.stopLossPrice) : null;
    const before = (await this.positions(userId, body.symbol))[0];
    const trailingActivation = body.trailingActivationPrice ? toTicks(c, body.trailingActivationPrice) : null;
    const warning = await b.run(async (tx) => {
      const pos = await openPositionOf(tx, userId, body.symbol);
      if (!pos) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
      const mark = b.mark;
      if (mark === null) throw badRequest('PRICE_UNAVAILABLE', 'futures.markUnavailable', { symbol: body.symbol });
      const liquidation =
        before?.id === pos.id && before.estimatedLiquidationPrice !== null
          ? toTicks(c, before.estimatedLiquidationPrice)
          : null;
      const plan = await closeTriggerUpdate(tx, pos, mark, liquidation, {
        takeProfit: tp,
        stopLoss: sl,
        trailingActivation,
        body,
      });
      await tx
        .update(futuresPositions)
        .set({ ...plan.update, updatedAt: new Date(this.clock.now()) })
        .where(eq(futuresPositions.id, pos.id));
      b.effects.users.add(userId);
      return plan.warning;
    });
    const [view] = await this.positions(userId, body.symbol);
    return { ...view!, warning };
  }

  // ------------------------------------------------------------------ account, funding, contracts

  async account(userId: number): Promise<FuturesAccount> {
    const bal = await this.ledger.balance(walletOf(userId));
    const rows = await this.db
      .select()
      .from(futuresPositions)
      .where(and(eq(futuresPositions.userId, userId), eq(futuresPositions.status, 'open')));
    let margin = 0n;
    let upnl = 0n;
    for (const r of rows) {
      margin += r.margin;
      const m = this.markOf(r.symbol);
      if (m !== null) upnl += unrealizedPnl(toPosition(r), m);
    }
    const settings = await this.db.select().from(futuresSettings).where(eq(futuresSettings.userId, userId));
    return {
      currency: 'USDT',
      available: usdt(bal.available),
      frozen: usdt(bal.frozen),
      positionMargin: usdt(margin),
      unrealizedPnl: usdt(upnl),
      equity: usdt(bal.available + bal.frozen + margin + upnl),
      settings: settings.map((s) => ({ symbol: s.symbol, marginMode: s.marginMode, leverage: s.leverage })),
      defaultLeverage: this.defaultLeverage,
      leverageCap: (await this.tradingGate?.leverageCap(userId)) ?? null,
    };
  }

  async fundingHistory(userId: number, q: { symbol?: string; page: number; size: number }) {
    const where = and(
      eq(futuresFundingPayments.userId, userId),
      q.symbol ? eq(futuresFundingPayments.symbol, q.symbol) : undefined,
    );
    const rows = await this.db
      .select({ p: futuresFundingPayments, rate: futuresFundingRounds.rate, mark: futuresFundingRounds.markTicks })
      .from(futuresFundingPayments)
      .innerJoin(futuresFundingRounds, eq(futuresFundingRounds.id, futuresFundingPayments.roundId))
      .where(where)
      .orderBy(desc(futuresFundingPayments.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(futuresFundingPayments).where(where);
    const list: FundingPayment[] = rows.map(({ p, rate: r, mark }) => ({
      id: p.id,
      symbol: p.symbol,
      positionId: p.positionId,
      direction: p.side,
      rate: rate(r),
      markPrice: ticksToPrice(contractOf(p.symbol)!, mark),
      positionValue: usdt(p.positionValue),
      amount: usdt(p.amount),
      time: p.createdAt.getTime(),
    }));
    return { items: list, total: Number(total?.n ?? 0), page: q.page, size: q.size };
  }

  fundingInfo(symbol?: string): FundingInfo[] {
    const now = this.clock.now();
    const books = symbol ? [this.book(symbol)] : [...this.books.values()];
    return books.map((b) => {
      const c = b.contract;
      const next = fundingTimeAtOrBefore(now, c.fundingIntervalMs) + c.fundingIntervalMs;
      return {
        symbol: c.symbol,
        predictedRate: rate(fundingRate(c, averagePremium(b.premiums))),
        lastRate: b.lastFundingRate === null ? null : rate(b.lastFundingRate),
        interestRate: rate(c.fundingInterest),
        rateCap: rate(c.fundingCap),
        intervalHours: c.fundingIntervalMs / 3_600_000,
        nextFundingTime: next,
        countdown: next - now,
      };
    });
  }

  // ------------------------------------------------------------------ public market data (market-data.ts)

  depth(symbol: string, levels: number) {
    return contractDepth(this.book(symbol), levels);
  }

  /** The latest matched trades of a contract, newest first (market-data.ts). */
  trades(symbol: string, limit: number) {
    return contractTrades(this.db, this.book(symbol).contract, limit);
  }

  candles(
    symbol: string,
    intervalMs: number,
    range: { start?: number | undefined; end?: number | undefined; limit: number; alignMs?: number },
  ) {
    return contractCandles(this.db, this.book(symbol).contract, intervalMs, range);
  }

  /** Settled funding rounds of one contract or all, oldest first (market-data.ts). */
  fundingRounds(q: {
    symbol?: string | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
    limit: number;
  }) {
    if (q.symbol) this.book(q.symbol);
    return contractFundingRounds(this.db, q);
  }

  dayStats(symbol: string) {
    return contractDayStats(this.db, this.book(symbol).contract, this.clock.now());
  }

  contracts(): FuturesContract[] {
    const prices = this.prices();
    return [...this.books.values()].map((b) => {
      const c = b.contract;
      let index: string | null = null;
      try {
        index = prices ? prices.latest(c.symbol).price : null;
      } catch {
        index = null;
      }
      return {
        symbol: c.symbol,
        base: c.base,
        quote: 'USDT',
        tickSize: c.tickSize,
        stepSize: c.stepSize,
        minNotional: usdt(c.minNotional),
        makerFee: rate(c.makerFee),
        takerFee: rate(c.takerFee),
        liquidationFee: rate(c.liquidationFee),
        maxLeverage: c.maxLeverage,
        fundingIntervalHours: c.fundingIntervalMs / 3_600_000,
        tiers: c.tiers.map((t) => ({
          bracket: t.bracket,
          notionalFloor: usdt(t.floor),
          notionalCap: usdt(t.cap),
          maintMarginRatio: rate(t.mmr),
          maintAmount: formatFixed(t.cumScaled / RATE_ONE, USDT_SCALE),
          maxLeverage: t.maxLeverage,
        })),
        indexPrice: index,
        markPrice: b.mark === null ? null : ticksToPrice(c, b.mark),
        demo: prices?.demo ?? false,
      };
    });
  }
}

function toTicks(c: Contract, price: string): bigint {
  try {
    const t = priceToTicks(c, price);
    if (t <= 0n || t > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('out of range');
    return t;
  } catch {
    throw badRequest('VALIDATION', 'spot.priceTick', { tick: c.tickSize }, 'price');
  }
}

function toLots(c: Contract, qty: string): bigint {
  try {
    const l = qtyToLots(c, qty);
    if (l <= 0n || l > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('out of range');
    return l;
  } catch {
    throw badRequest('VALIDATION', 'spot.quantityStep', { step: c.stepSize }, 'quantity');
  }
}

function parseAmount(text: string): bigint {
  const v = amountInput(text, USDT_SCALE, 'amount');
  if (v <= 0n) throw badRequest('AMOUNT_NOT_POSITIVE', 'spot.amountNotPositive', undefined, 'amount');
  return v;
}
