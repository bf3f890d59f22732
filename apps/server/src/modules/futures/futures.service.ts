import { and, desc, eq, max } from 'drizzle-orm';
import type {
  ClosePositionRequest,
  FundingInfo,
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
import { hashBody } from '../wallet/idempotency.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import type { TradingGate } from '../responsible/trading-gate.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { FuturesCommitter } from './futures-committer.ts';
import type { FuturesEffects } from './futures-effects.ts';
import { ContractBook } from './contract-book.ts';
import { CONTRACTS } from './domain/contracts.ts';
import { bracketOf, OrderBrackets, placeWithBracket, type BracketInput } from './order-brackets.ts';
import { fundingTimeAtOrBefore, settleFunding } from './funding.ts';
import { futuresFundingRounds, futuresMarkPrices, futuresOrders } from './futures.schema.ts';
import { markTick, type MarkOf, type TickReport } from './risk.ts';
import { openPositionOf } from './settle-fill.ts';
import { orderView } from './views.ts';
import { futuresRealizedPnl } from './realized-pnl.ts';
import {
  contractCandles,
  contractDayStats,
  contractDepth,
  contractFundingRounds,
  contractTrades,
} from './market-data.ts';
import { futuresFillsOf, futuresOrderOf, futuresOrdersOf, type HistoryRange } from './order-queries.ts';
import { booksOf, type FuturesScope } from './futures-scope.ts';
import { toLots, toTicks } from './futures-input.ts';
import { changeLeverage, changeMarginMode, settingOf } from './futures-settings.ts';
import { closedPositions, futuresAccount, openPositions, orderHistory } from './position-views.ts';
import { openPositionRows } from './position-rows.ts';
import { adjustIsolatedMargin } from './position-margin.ts';
import { setPositionStopPl } from './position-stop-pl.ts';
import { fundingHistory, fundingInfo } from './funding-views.ts';
import { contractList } from './contract-list.ts';

/** The leverage of a contract the user never set, unless configured (FUTURES_DEFAULT_LEVERAGE). */
export const DEFAULT_LEVERAGE = 5;

/**
 * Perpetual futures for users: the one door of the module (published as `ctx.services.futures`). It holds the
 * contract books and the per-tick job (mark price → liquidation / TP/SL → funding), places, cancels and closes
 * orders, and hands the rest to its parts: settings (futures-settings.ts), position views (position-views.ts),
 * isolated margin (position-margin.ts), TP/SL (position-stop-pl.ts), funding (funding-views.ts) and the contract
 * list (contract-list.ts). Every change to a contract's orders or positions runs in that contract's sequencer
 * (ContractBook).
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
  /** What the parts in futures-settings.ts, position-*.ts and funding-views.ts read. */
  private readonly scope: FuturesScope;

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
    this.scope = {
      db: deps.db,
      ledger: deps.ledger,
      clock: deps.clock,
      books: this.books,
      book: (symbol) => this.book(symbol),
      markOf: this.markOf,
      defaultLeverage: this.defaultLeverage,
    };
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

  // ------------------------------------------------------------------ settings (futures-settings.ts)

  /** Realized P&L (USDT minor units) all time and since `since` (realized-pnl.ts); the wallet's assets show it. */
  realizedPnl(userId: number, since: Date): Promise<{ total: bigint; since: bigint }> {
    return futuresRealizedPnl(this.db, userId, since);
  }

  setting(userId: number, symbol: string, db: Db = this.db): Promise<FuturesSetting> {
    return settingOf(this.scope, userId, symbol, db);
  }

  /** Leverage for new orders; bounded by the tier of the position's current notional (reference A1.3). */
  async setLeverage(userId: number, symbol: string, leverage: number): Promise<FuturesSetting> {
    this.book(symbol);
    await this.tradingGate?.assertLeverage(userId, leverage);
    return changeLeverage(this.scope, userId, symbol, leverage);
  }

  setMarginMode(userId: number, symbol: string, marginMode: 'cross' | 'isolated'): Promise<FuturesSetting> {
    return changeMarginMode(this.scope, userId, symbol, marginMode);
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
    return booksOf(this.scope, symbol).flatMap((b) => b.openOrdersOf(userId).map((o) => orderView(b.contract, o)));
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

  orderHistory(userId: number, q: { symbol?: string; page: number; size: number }) {
    return orderHistory(this.scope, userId, q);
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
    const positions = await openPositionRows(this.db, userId, { symbol });
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

  positions(userId: number, symbol?: string): Promise<FuturesPosition[]> {
    return openPositions(this.scope, userId, symbol);
  }

  closedPositions(userId: number, q: { symbol?: string; page: number; size: number }) {
    return closedPositions(this.scope, userId, q);
  }

  /** Isolated margin add / remove (position-margin.ts); answers the position after the change. */
  async positionMargin(userId: number, body: PositionMarginRequest): Promise<FuturesPosition> {
    await adjustIsolatedMargin(this.scope, userId, body);
    const [view] = await this.positions(userId, body.symbol);
    if (!view) throw badRequest('NO_POSITION', 'futures.noPosition', undefined, 'symbol');
    return view;
  }

  /** TP/SL and trailing stop of the open position (position-stop-pl.ts), with the warning it raised. */
  async setStopPl(userId: number, body: StopPlRequest): Promise<FuturesPosition & { warning: string | null }> {
    this.book(body.symbol);
    const before = (await this.positions(userId, body.symbol))[0];
    const warning = await setPositionStopPl(this.scope, userId, body, before);
    const [view] = await this.positions(userId, body.symbol);
    return { ...view!, warning };
  }

  // ------------------------------------------------------------------ account, funding, contracts

  async account(userId: number): Promise<FuturesAccount> {
    return {
      ...(await futuresAccount(this.scope, userId)),
      leverageCap: (await this.tradingGate?.leverageCap(userId)) ?? null,
    };
  }

  fundingHistory(userId: number, q: { symbol?: string; page: number; size: number }) {
    return fundingHistory(this.scope, userId, q);
  }

  fundingInfo(symbol?: string): FundingInfo[] {
    return fundingInfo(this.scope, symbol);
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
    return contractList(this.books.values(), this.prices());
  }
}
