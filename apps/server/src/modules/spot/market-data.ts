import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Candle, CandleInterval, DepthLevel, PublicTrade, Ticker } from '@tidemark/contract/spot';
import { formatUnits, divRound } from '@tidemark/contract/money';
import type { Clock } from '../../platform/clock.ts';
import { candleBucketSql } from '../../platform/db/candle-bucket.ts';
import type { Db } from '../../platform/db/database.ts';
import { MARKETS, baseUnitsToText, marketOf, quoteUnitsToText, ticksToPrice, type Market } from './markets.ts';
import { isPlatformTrade } from './platform-trades.ts';
import { spotTrades, type SpotTradeRow } from './spot.schema.ts';

/**
 * Market data built from the platform's own trades only (DESIGN.md §6); trades between two platform accounts
 * count for prices but not for volume (platform-trades.ts). Nothing is persisted besides the
 * trades themselves: the 24-hour window and the tape are reloaded from `spot_trades` on start, and candles
 * are aggregated from the trades by SQL when asked (so they can never disagree with the trades). The depth
 * here is the PUBLISHED book: it changes only after a batch commits, so a snapshot never shows an
 * uncommitted order.
 */

const DAY = 86_400_000;
const TAPE = 100;

interface Window {
  trades: SpotTradeRow[]; // oldest first, within the last 24 hours
  tape: SpotTradeRow[]; // latest TAPE trades, oldest first
}

export class MarketData {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly windows = new Map<string, Window>();
  private readonly published = new Map<string, Book>();
  /** Grouped views in use (a depth channel with a price step): symbol → step in ticks → the view last published. */
  private readonly grouped = new Map<string, Map<number, Book>>();
  /** The platform's own accounts: their trades with each other are not public volume (platform-trades.ts). */
  private platform: ReadonlySet<number> = new Set();

  /** Price levels per side of the published book: depth snapshots and deltas describe exactly this view. */
  readonly depthLevels: number;

  constructor(db: Db, clock: Clock, depthLevels: number) {
    this.db = db;
    this.clock = clock;
    this.depthLevels = depthLevels;
    for (const m of MARKETS) {
      this.windows.set(m.symbol, { trades: [], tape: [] });
      this.published.set(m.symbol, { buy: new Map(), sell: new Map() });
    }
  }

  async load(): Promise<void> {
    const since = new Date(this.clock.now() - DAY);
    for (const m of MARKETS) {
      const w = this.windows.get(m.symbol)!;
      w.trades = await this.db
        .select()
        .from(spotTrades)
        .where(and(eq(spotTrades.symbol, m.symbol), gte(spotTrades.createdAt, since)))
        .orderBy(spotTrades.id);
      const tape = await this.db
        .select()
        .from(spotTrades)
        .where(eq(spotTrades.symbol, m.symbol))
        .orderBy(desc(spotTrades.id))
        .limit(TAPE);
      w.tape = tape.reverse();
    }
  }

  setPlatformAccounts(ids: readonly number[]): void {
    this.platform = new Set(ids.filter((id) => Number.isSafeInteger(id)));
  }

  addTrades(symbol: string, trades: SpotTradeRow[]): void {
    const w = this.windows.get(symbol)!;
    w.trades.push(...trades);
    w.tape.push(...trades);
    if (w.tape.length > TAPE) w.tape.splice(0, w.tape.length - TAPE);
  }

  /**
   * Replaces the published book with the engine's committed top `depthLevels` levels; returns the changed
   * levels ("0" = gone). A level pushed out of the view is sent as gone and a level that enters it is sent,
   * so a client that applies the deltas to a snapshot holds exactly the same bounded view.
   */
  publishDepth(
    symbol: string,
    bids: Array<{ price: number; qty: number }>,
    asks: Array<{ price: number; qty: number }>,
  ): { bids: DepthLevel[]; asks: DepthLevel[] } | null {
    const m = marketOf(symbol)!;
    const book = this.published.get(symbol)!;
    const changedBids = replaceSide(m, book.buy, bids);
    const changedAsks = replaceSide(m, book.sell, asks);
    return changedBids.length || changedAsks.length ? { bids: changedBids, asks: changedAsks } : null;
  }

  /**
   * A grouped view of the published book: bids rounded down and asks rounded up to a multiple of `stepTicks`,
   * quantities summed. Starts being kept on the first call; `groupedDeltas` then follows it.
   */
  groupedDepth(symbol: string, stepTicks: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const m = marketOf(symbol)!;
    const views = this.grouped.get(symbol) ?? new Map<number, Book>();
    this.grouped.set(symbol, views);
    let view = views.get(stepTicks);
    if (!view) {
      view = { buy: new Map(), sell: new Map() };
      const g = groupBook(this.published.get(symbol)!, stepTicks);
      replaceSide(m, view.buy, g.buy);
      replaceSide(m, view.sell, g.sell);
      views.set(stepTicks, view);
    }
    const bids = [...view.buy.entries()].sort((a, b) => b[0] - a[0]);
    const asks = [...view.sell.entries()].sort((a, b) => a[0] - b[0]);
    return { bids: bids.map(([p, q]) => level(m, p, q)), asks: asks.map(([p, q]) => level(m, p, q)) };
  }

  /** After publishDepth: the changes of every grouped view kept for the market (call once per publish). */
  groupedDeltas(symbol: string): Array<{ stepTicks: number; delta: { bids: DepthLevel[]; asks: DepthLevel[] } }> {
    const m = marketOf(symbol)!;
    const out = [];
    for (const [stepTicks, view] of this.grouped.get(symbol) ?? []) {
      const g = groupBook(this.published.get(symbol)!, stepTicks);
      const bids = replaceSide(m, view.buy, g.buy);
      const asks = replaceSide(m, view.sell, g.sell);
      if (bids.length || asks.length) out.push({ stepTicks, delta: { bids, asks } });
    }
    return out;
  }

  /** Stops keeping a grouped view (its channel has no subscriber left). */
  dropGrouped(symbol: string, stepTicks: number): void {
    this.grouped.get(symbol)?.delete(stepTicks);
  }

  depth(symbol: string, limit: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const m = marketOf(symbol)!;
    const book = this.published.get(symbol)!;
    const bids = [...book.buy.entries()].sort((a, b) => b[0] - a[0]).slice(0, limit);
    const asks = [...book.sell.entries()].sort((a, b) => a[0] - b[0]).slice(0, limit);
    return { bids: bids.map(([p, q]) => level(m, p, q)), asks: asks.map(([p, q]) => level(m, p, q)) };
  }

  /** Latest trades, newest first. */
  trades(symbol: string, limit: number): PublicTrade[] {
    const w = this.windows.get(symbol)!;
    return w.tape.slice(-limit).reverse().map(toPublicTrade);
  }

  ticker(symbol: string): Ticker {
    const m = marketOf(symbol)!;
    const w = this.windows.get(symbol)!;
    const now = this.clock.now();
    const cutoff = now - DAY;
    let drop = 0;
    while (drop < w.trades.length && w.trades[drop]!.createdAt.getTime() < cutoff) drop++;
    if (drop) w.trades.splice(0, drop);
    const last = w.tape.at(-1);
    let high = 0;
    let low = Infinity;
    let volume = 0n;
    let turnover = 0n;
    let platformVolume = 0n;
    let demo = false;
    for (const t of w.trades) {
      if (t.priceTicks > high) high = t.priceTicks;
      if (t.priceTicks < low) low = t.priceTicks;
      if (isPlatformTrade(t, this.platform)) platformVolume += t.baseAmount;
      else {
        volume += t.baseAmount;
        turnover += t.quoteAmount;
      }
      demo ||= t.demo;
    }
    const first = w.trades[0];
    const openTicks = first?.priceTicks ?? last?.priceTicks;
    const lastTicks = last?.priceTicks;
    const change = openTicks !== undefined && lastTicks !== undefined ? lastTicks - openTicks : 0;
    const percent =
      openTicks !== undefined && openTicks > 0
        ? formatUnits(divRound(BigInt(change) * 10_000n, BigInt(openTicks), 'halfUp'), 2)
        : '0';
    return {
      symbol,
      coinType: m.coinType,
      last: lastTicks === undefined ? null : ticksToPrice(m, lastTicks),
      open: openTicks === undefined ? null : ticksToPrice(m, openTicks),
      change: (change < 0 ? '-' : '') + ticksToPrice(m, Math.abs(change)),
      changePercent: percent,
      high: w.trades.length ? ticksToPrice(m, high) : null,
      low: w.trades.length ? ticksToPrice(m, low) : null,
      volume: baseUnitsToText(m, volume),
      turnover: quoteUnitsToText(m, turnover),
      platformVolume: baseUnitsToText(m, platformVolume),
      demo,
      time: now,
    };
  }

  tickers(): Ticker[] {
    return MARKETS.map((m) => this.ticker(m.symbol));
  }

  /** Candles aggregated from the trades, oldest first; the latest `limit` within [from, to]. */
  async candles(symbol: string, interval: CandleInterval, from?: number, to?: number, limit = 500): Promise<Candle[]> {
    const m = marketOf(symbol)!;
    const bucket = candleBucketSql(spotTrades.createdAt, interval);
    // trades between two platform accounts are left out of the volume (ids are integers from the database)
    const ids = sql.raw(`array[${[...this.platform].join(',')}]::bigint[]`);
    const internal = sql`(${spotTrades.takerUserId} = any(${ids}) and ${spotTrades.makerUserId} = any(${ids}))`;
    const conditions = [eq(spotTrades.symbol, symbol)];
    if (from !== undefined) conditions.push(sql`${bucket} >= ${from}`);
    if (to !== undefined) conditions.push(sql`${bucket} <= ${to}`);
    const rows = (await this.db
      .select({
        time: sql<string>`${bucket}`,
        open: sql<string>`(array_agg(${spotTrades.priceTicks} order by ${spotTrades.id}))[1]`,
        high: sql<string>`max(${spotTrades.priceTicks})`,
        low: sql<string>`min(${spotTrades.priceTicks})`,
        close: sql<string>`(array_agg(${spotTrades.priceTicks} order by ${spotTrades.id} desc))[1]`,
        volume: sql<string>`coalesce(sum(${spotTrades.baseAmount}) filter (where not ${internal}), 0)`,
        turnover: sql<string>`coalesce(sum(${spotTrades.quoteAmount}) filter (where not ${internal}), 0)`,
        trades: sql<string>`count(*)`,
        demo: sql<boolean>`bool_or(${spotTrades.demo})`,
      })
      .from(spotTrades)
      .where(and(...conditions))
      .groupBy(bucket)
      .orderBy(desc(bucket))
      .limit(limit)) as Array<Record<string, string | boolean>>;
    return rows.reverse().map((r) => toCandle(m, r));
  }
}

function toCandle(m: Market, r: Record<string, string | boolean>): Candle {
  return {
    time: Number(r.time),
    open: ticksToPrice(m, BigInt(String(r.open))),
    high: ticksToPrice(m, BigInt(String(r.high))),
    low: ticksToPrice(m, BigInt(String(r.low))),
    close: ticksToPrice(m, BigInt(String(r.close))),
    volume: baseUnitsToText(m, BigInt(String(r.volume))),
    turnover: quoteUnitsToText(m, BigInt(String(r.turnover))),
    trades: Number(r.trades),
    demo: r.demo === true || r.demo === 't',
  };
}

function level(m: Market, ticks: number, lots: number): DepthLevel {
  return [ticksToPrice(m, ticks), formatUnits(BigInt(lots) * m.unitsPerLot, m.baseScale)];
}

export function toPublicTrade(t: SpotTradeRow): PublicTrade {
  const m = marketOf(t.symbol)!;
  return {
    id: t.id,
    symbol: t.symbol,
    price: ticksToPrice(m, t.priceTicks),
    quantity: baseUnitsToText(m, t.baseAmount),
    side: t.takerSide,
    time: t.createdAt.getTime(),
    demo: t.demo,
  };
}

type Book = { buy: Map<number, number>; sell: Map<number, number> };

/** Replaces one side of a kept view with `levels`; returns what changed ("0" = gone). */
function replaceSide(
  m: Market,
  side: Map<number, number>,
  levels: Array<{ price: number; qty: number }>,
): DepthLevel[] {
  const out: DepthLevel[] = [];
  const seen = new Set<number>();
  for (const l of levels) {
    seen.add(l.price);
    if (side.get(l.price) !== l.qty) {
      side.set(l.price, l.qty);
      out.push(level(m, l.price, l.qty));
    }
  }
  for (const price of [...side.keys()]) {
    if (!seen.has(price)) {
      side.delete(price);
      out.push(level(m, price, 0));
    }
  }
  return out;
}

/** Groups a book by a price step in ticks: bids down, asks up, so a grouped level never looks better than it is. */
function groupBook(
  book: Book,
  stepTicks: number,
): { buy: Array<{ price: number; qty: number }>; sell: Array<{ price: number; qty: number }> } {
  const group = (side: Map<number, number>, round: (p: number) => number) => {
    const sums = new Map<number, number>();
    for (const [price, qty] of side) {
      const bucket = round(price);
      sums.set(bucket, (sums.get(bucket) ?? 0) + qty);
    }
    return [...sums.entries()].map(([price, qty]) => ({ price, qty }));
  };
  return {
    buy: group(book.buy, (p) => Math.floor(p / stepTicks) * stepTicks),
    sell: group(book.sell, (p) => Math.ceil(p / stepTicks) * stepTicks),
  };
}

/** The price steps a depth channel may be grouped by: 10, 100 and 1,000 ticks, named as prices ("0.1", "1", "10"). */
export function depthStepsOf(m: Market): Map<string, number> {
  return new Map([10, 100, 1000].map((ticks) => [trimPrice(ticksToPrice(m, ticks)), ticks]));
}

function trimPrice(p: string): string {
  return p.includes('.') ? p.replace(/0+$/, '').replace(/\.$/, '') : p;
}
