import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type {
  BalanceUpdate,
  OrderHistoryRequest,
  Page,
  PlaceOrderRequest,
  SpotFill,
  SpotOrder,
  SpotOrderDetail,
} from '@tidemark/contract/spot';
import { formatUnits } from '@tidemark/contract/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { TailCommit } from '../../platform/db/tail-commit.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { currencyOf } from '../market/currencies.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { FeedHub } from './feed-hub.ts';
import type { MarketData } from './market-data.ts';
import { depthStepsOf, toPublicTrade } from './market-data.ts';
import { MARKETS, marketOf, notionalUnits, priceToTicks, qtyToLots, type Market } from './markets.ts';
import { toFill, toSpotOrder } from './order-view.ts';
import { MarketSequencer, type BatchResult, type NewOrder } from './sequencer.ts';
import type { MarketGate } from '../market/market-status.service.ts';
import { SpotCommitter } from './spot-committer.ts';
import type { FeeDiscount } from '../coupon/fee-discount.ts';
import { spotOrders, spotTrades } from './spot.schema.ts';
import { amountInput } from '../../platform/http/amount-input.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

/** One market's rows by id or time, at most `limit`. */
export interface RangeQuery {
  symbol: string;
  fromId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}

type PlaceInput = Omit<PlaceOrderRequest, 'timeInForce'> & { timeInForce?: NewOrder['timeInForce'] };

/** Orders and market data of the spot markets. Published as `ctx.services.spot`. */
export class SpotService {
  readonly data: MarketData;
  private readonly sequencers = new Map<string, MarketSequencer>();
  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly hub: FeedHub;
  private readonly dirtyTickers = new Set<string>();
  private readonly committer: SpotCommitter;
  /** The operator's trading status; without one (tests of the engine path) every market trades. */
  private readonly gate: MarketGate | undefined;

  constructor(deps: {
    db: Db;
    ledger: LedgerService;
    clock: Clock;
    hub: FeedHub;
    data: MarketData;
    gate?: MarketGate;
    /** Connections of its own for the group commit (PostgreSQL: Database.groupCommit). */
    commitOn?: TailCommit | undefined;
    /** The embedded database: the next group's transaction is posted behind the COMMIT of the one before. */
    queuesBehindCommit?: boolean | undefined;
  }) {
    this.db = deps.db;
    this.gate = deps.gate;
    this.ledger = deps.ledger;
    this.hub = deps.hub;
    this.data = deps.data;
    // one group commit for every market (see spot-committer.ts)
    this.committer = new SpotCommitter({
      db: deps.db,
      ledger: deps.ledger,
      clock: deps.clock,
      onCommit: (r) => this.published(r),
      commitOn: deps.commitOn,
      queuesBehindCommit: deps.queuesBehindCommit,
    });
    for (const m of MARKETS) {
      const seq = new MarketSequencer(m, { db: deps.db, wake: () => this.committer.wake() });
      this.sequencers.set(m.symbol, seq);
      this.committer.add(seq);
    }
  }

  /** Rebuilds every book from its open orders and loads the market data. */
  async start(): Promise<void> {
    for (const s of this.sequencers.values()) {
      await s.rebuild();
      this.data.publishDepth(
        s.market.symbol,
        s.depth('buy', this.data.depthLevels),
        s.depth('sell', this.data.depthLevels),
      );
    }
    await this.data.load();
  }

  /** The coupon module's fee hook: every fee of every market passes through it (in memory, per fill). */
  useFeeDiscount(discount: FeeDiscount): void {
    for (const s of this.sequencers.values()) s.feeDiscount = discount;
  }

  /** Every market's sequencer (the stop orders reach their market's through it). */
  allSequencers(): MarketSequencer[] {
    return [...this.sequencers.values()];
  }

  sequencer(symbol: string): MarketSequencer {
    const s = this.sequencers.get(symbol);
    if (!s) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
    return s;
  }

  /** Checks the market's rules and places the order through its sequencer; answers after the commit. */
  async place(userId: number, input: PlaceInput, opts: { demo?: boolean } = {}): Promise<SpotOrder> {
    const m = marketOf(input.symbol);
    if (!m) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
    this.gate?.assertOpen('spot', m.symbol, 'order');
    const order = toNewOrder(m, userId, input, opts.demo ?? false);
    return toSpotOrder(await this.sequencer(m.symbol).place(order));
  }

  async cancel(userId: number, orderId: number): Promise<SpotOrder> {
    // a resting order is found in memory; only an unknown or finished one costs a lookup
    for (const s of this.sequencers.values()) {
      if (s.holds(orderId)) {
        this.gate?.assertOpen('spot', s.market.symbol, 'cancel');
        return toSpotOrder(await s.cancel(userId, orderId));
      }
    }
    const [row] = await this.db
      .select({ symbol: spotOrders.symbol, status: spotOrders.status })
      .from(spotOrders)
      .where(and(eq(spotOrders.id, orderId), eq(spotOrders.userId, userId)));
    if (!row) throw notFound('spot.orderNotFound');
    this.gate?.assertOpen('spot', row.symbol, 'cancel');
    // a committed final state never changes again: answered here, without a lookup inside the market's group.
    // A stored open state may be stale (the order filled in a group not yet committed): the sequencer decides.
    if (row.status === 'filled' || row.status === 'cancelled') throw badRequest('ORDER_NOT_OPEN', 'spot.orderNotOpen');
    return toSpotOrder(await this.sequencer(row.symbol).cancel(userId, orderId));
  }

  /** "Revoke" every open order of the caller (in one market or all); returns how many were cancelled. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    // a halted market keeps its orders: it is left out of "cancel everything"
    if (symbol) this.gate?.assertOpen('spot', symbol, 'cancel');
    const seqs = (symbol ? [this.sequencer(symbol)] : [...this.sequencers.values()]).filter(
      (s) => this.gate?.allows('spot', s.market.symbol, 'cancel') ?? true,
    );
    const results = await Promise.allSettled([
      ...seqs.flatMap((s) => s.openOrdersOf(userId).map((o) => s.cancel(userId, o.id))),
      // waiting stops too; an OCO's stop goes with its limit leg above
      ...seqs.flatMap((s) =>
        s
          .waitingStopsOf(userId)
          .filter((st) => st.ocoOrderId === null)
          .map((st) => s.cancelStop(userId, st.id)),
      ),
    ]);
    return results.filter((r) => r.status === 'fulfilled').length;
  }

  async openOrders(userId: number, symbol?: string): Promise<SpotOrder[]> {
    const seqs = symbol ? [this.sequencer(symbol)] : [...this.sequencers.values()];
    return seqs
      .flatMap((s) => s.openOrdersOf(userId))
      .sort((a, b) => b.id - a.id)
      .map(toSpotOrder);
  }

  async history(
    userId: number,
    q: Required<Pick<OrderHistoryRequest, 'page' | 'size'>> & { symbol?: string | undefined },
  ): Promise<Page<SpotOrder>> {
    if (q.symbol && !marketOf(q.symbol)) throw badRequest('UNKNOWN_SYMBOL', 'spot.unknownSymbol', undefined, 'symbol');
    const where = and(eq(spotOrders.userId, userId), q.symbol ? eq(spotOrders.symbol, q.symbol) : undefined);
    const { rows, total } = await newestFirstPage(this.db, spotOrders, where, q);
    return { items: rows.map(toSpotOrder), total, page: q.page, size: q.size };
  }

  async detail(userId: number, id: number): Promise<SpotOrderDetail> {
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId)));
    if (!row) throw notFound('spot.orderNotFound');
    const trades = await this.db
      .select()
      .from(spotTrades)
      .where(or(eq(spotTrades.takerOrderId, id), eq(spotTrades.makerOrderId, id)))
      .orderBy(spotTrades.id);
    return { ...toSpotOrder(row), fills: trades.map((t) => toFill(t, id)) };
  }

  /** The caller's order by its client order id (the bot API looks orders up by either id). */
  async detailByClientOrderId(userId: number, clientOrderId: string): Promise<SpotOrder> {
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, userId), eq(spotOrders.clientOrderId, clientOrderId)));
    if (!row) throw notFound('spot.orderNotFound');
    return toSpotOrder(row);
  }

  /** The caller's orders of one market, oldest first from `fromId` or within a time range (the bot API's allOrders). */
  async ordersOf(userId: number, q: RangeQuery): Promise<SpotOrder[]> {
    const rows = await this.db
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          eq(spotOrders.symbol, q.symbol),
          q.fromId !== undefined ? gte(spotOrders.id, q.fromId) : undefined,
          q.startTime !== undefined ? gte(spotOrders.createdAt, new Date(q.startTime)) : undefined,
          q.endTime !== undefined ? lte(spotOrders.createdAt, new Date(q.endTime)) : undefined,
        ),
      )
      .orderBy(q.fromId !== undefined ? asc(spotOrders.id) : desc(spotOrders.id))
      .limit(q.limit);
    return rows.map(toSpotOrder).sort((a, b) => a.id - b.id);
  }

  /**
   * The caller's fills in one market, oldest first (the bot API's myTrades): a trade of the caller with
   * itself is listed from both of its orders.
   */
  async fillsOf(
    userId: number,
    q: RangeQuery & { orderId?: number },
  ): Promise<Array<SpotFill & { orderId: number; side: 'buy' | 'sell' }>> {
    const mine = or(eq(spotTrades.takerUserId, userId), eq(spotTrades.makerUserId, userId));
    const rows = await this.db
      .select()
      .from(spotTrades)
      .where(
        and(
          eq(spotTrades.symbol, q.symbol),
          mine,
          q.orderId !== undefined
            ? or(eq(spotTrades.takerOrderId, q.orderId), eq(spotTrades.makerOrderId, q.orderId))
            : undefined,
          q.fromId !== undefined ? gte(spotTrades.id, q.fromId) : undefined,
          q.startTime !== undefined ? gte(spotTrades.createdAt, new Date(q.startTime)) : undefined,
          q.endTime !== undefined ? lte(spotTrades.createdAt, new Date(q.endTime)) : undefined,
        ),
      )
      .orderBy(q.fromId !== undefined ? asc(spotTrades.id) : desc(spotTrades.id))
      .limit(q.limit);
    const fills: Array<SpotFill & { orderId: number; side: 'buy' | 'sell' }> = [];
    for (const t of rows.sort((a, b) => a.id - b.id)) {
      const makerSide = t.takerSide === 'buy' ? 'sell' : 'buy';
      if (t.takerUserId === userId && (q.orderId === undefined || q.orderId === t.takerOrderId))
        fills.push({ ...toFill(t, t.takerOrderId), orderId: t.takerOrderId, side: t.takerSide });
      if (t.makerUserId === userId && (q.orderId === undefined || q.orderId === t.makerOrderId))
        fills.push({ ...toFill(t, t.makerOrderId), orderId: t.makerOrderId, side: makerSide });
    }
    return fills.slice(0, q.limit);
  }

  async balances(userId: number): Promise<BalanceUpdate[]> {
    const rows = await this.ledger.balancesOf(userId);
    return rows
      .filter((b) => b.wallet === 'spot')
      .map((b) => {
        const scale = currencyOf(b.currency)?.scale ?? 8;
        return {
          currency: b.currency,
          wallet: b.wallet,
          available: formatUnits(b.available, scale),
          frozen: formatUnits(b.frozen, scale),
        };
      });
  }

  /** Whether every sequencer has nothing queued or running (tests and the crash check wait for this). */
  get idle(): boolean {
    return this.committer.idle;
  }

  /** Publishes what a committed batch changed (after the commit, never before). */
  private published(r: BatchResult): void {
    const s = this.sequencers.get(r.symbol)!;
    if (r.trades.length) {
      this.data.addTrades(r.symbol, r.trades);
      this.hub.publish(`trades:${r.symbol}`, r.trades.map(toPublicTrade));
      this.dirtyTickers.add(r.symbol);
    }
    const delta = this.data.publishDepth(
      r.symbol,
      s.depth('buy', this.data.depthLevels),
      s.depth('sell', this.data.depthLevels),
    );
    if (delta) this.hub.publish(`depth:${r.symbol}`, delta);
    if (delta) this.publishGrouped(r.symbol);
    const byUser = new Map<number, SpotOrder[]>();
    for (const o of r.orders) {
      const list = byUser.get(o.userId) ?? [];
      list.push(toSpotOrder(o));
      byUser.set(o.userId, list);
    }
    // their balances follow from the ledger's commit (spot.module.ts → balancesChanged), once per group
    for (const [userId, orders] of byUser) {
      if (this.hub.hasSubscribers(`orders#${userId}`)) this.hub.publish(`orders#${userId}`, orders);
    }
  }

  /** Publishes the spot balances of these users (read after their change committed) to whoever watches them. */
  balancesChanged(users: Iterable<number>): void {
    for (const userId of users) {
      if (this.hub.hasSubscribers(`balances#${userId}`)) {
        // a read that fails (the server is stopping) publishes nothing: the next change or a resubscribe brings it
        this.balances(userId).then(
          (b) => this.hub.publish(`balances#${userId}`, b),
          () => {},
        );
      }
    }
  }

  /** The grouped depth views (depth:<symbol>:<step>) follow the published book; unwatched ones are dropped. */
  private publishGrouped(symbol: string): void {
    const steps = depthStepsOf(marketOf(symbol)!);
    const nameOf = new Map([...steps].map(([name, ticks]) => [ticks, name]));
    for (const { stepTicks, delta } of this.data.groupedDeltas(symbol)) {
      const key = `depth:${symbol}:${nameOf.get(stepTicks)}`;
      if (this.hub.hasSubscribers(key)) this.hub.publish(key, delta);
      else this.data.dropGrouped(symbol, stepTicks);
    }
  }

  /** Tickers and candles move with trades; they are pushed at most once per call (the module calls it every second). */
  async publishTickers(): Promise<void> {
    if (!this.dirtyTickers.size) return;
    const symbols = [...this.dirtyTickers];
    this.dirtyTickers.clear();
    const tickers = symbols.map((s) => this.data.ticker(s));
    for (const tk of tickers) this.hub.publish(`ticker:${tk.symbol}`, tk);
    this.hub.publish('tickers', tickers);
    for (const symbol of symbols) {
      for (const interval of ['30s', '1m', '5m', '15m', '30m', '1h', '2h', '1D', '1W'] as const) {
        const key = `candles:${symbol}:${interval}`;
        if (!this.hub.hasSubscribers(key)) continue;
        const [latest] = (await this.data.candles(symbol, interval, undefined, undefined, 1)).slice(-1);
        if (latest) this.hub.publish(key, latest);
      }
    }
  }

  /** Open orders of a user straight from the database (used by the consistency checks). */
  async storedOpenOrders(symbol: string) {
    return this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.symbol, symbol), inArray(spotOrders.status, ['new', 'partially_filled'])))
      .orderBy(spotOrders.id);
  }
}

/** The market's rules: tick, step, notional; decimals become ticks, lots and minor units. */
export function toNewOrder(m: Market, userId: number, input: PlaceInput, demo: boolean): NewOrder {
  let priceTicks: number | null = null;
  let qtyLots: number | null = null;
  let quoteAmount: bigint | null = null;
  if (input.price !== undefined) {
    priceTicks = priceToTicks(m, input.price);
    if (priceTicks === null || priceTicks <= 0)
      throw badRequest('PRICE_TICK', 'spot.priceTick', { tick: m.tickSize }, 'price');
  }
  if (input.quantity !== undefined) {
    qtyLots = qtyToLots(m, input.quantity);
    if (qtyLots === null) throw badRequest('QUANTITY_STEP', 'spot.quantityStep', { step: m.stepSize }, 'quantity');
    if (qtyLots <= 0) throw badRequest('AMOUNT_NOT_POSITIVE', 'spot.amountNotPositive', undefined, 'quantity');
  }
  if (input.quoteAmount !== undefined) {
    quoteAmount = amountInput(input.quoteAmount, m.quoteScale, 'quoteAmount');
    if (quoteAmount < m.minNotionalUnits)
      throw badRequest('MIN_NOTIONAL', 'spot.minNotional', { min: m.minNotional }, 'quoteAmount');
    if (quoteAmount > BigInt(Number.MAX_SAFE_INTEGER))
      throw badRequest('AMOUNT_TOO_LARGE', 'spot.amountTooLarge', undefined, 'quoteAmount');
  }
  if (priceTicks !== null && qtyLots !== null) {
    const notional = notionalUnits(priceTicks, qtyLots);
    if (notional > BigInt(Number.MAX_SAFE_INTEGER))
      throw badRequest('AMOUNT_TOO_LARGE', 'spot.amountTooLarge', undefined, 'quantity');
    if (notional < m.minNotionalUnits)
      throw badRequest('MIN_NOTIONAL', 'spot.minNotional', { min: m.minNotional }, 'quantity');
  }
  const timeInForce = input.type === 'limit' ? (input.timeInForce ?? 'GTC') : null;
  const canonical = JSON.stringify([
    m.symbol,
    input.side,
    input.type,
    timeInForce,
    priceTicks,
    qtyLots,
    quoteAmount?.toString() ?? null,
  ]);
  return {
    userId,
    clientOrderId: input.clientOrderId,
    requestHash: crypto.hash('sha256', canonical), // one call, no Hash object per order
    side: input.side,
    type: input.type,
    timeInForce,
    priceTicks,
    qtyLots,
    quoteAmount,
    demo,
  };
}
