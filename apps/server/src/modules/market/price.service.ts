import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { CANDLE_INTERVALS, candleOpenTime, type Candle, type CandleInterval } from '@tidemark/contract/spot';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import type { Clock } from '../../platform/clock.ts';
import { candleBucketSql } from '../../platform/db/candle-bucket.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { INSTRUMENTS, PRICE_SCALE, instrumentForCurrency } from './instruments.ts';
import { QUOTE } from './currencies.ts';
import { indexTicks } from './market.schema.ts';
import type { PriceSource } from './price-source.ts';
import { SimulatedFeed } from './simulated-feed.ts';

export interface IndexPrice {
  instrument: string;
  /** Decimal string at PRICE_SCALE. */
  price: string;
  /** Epoch ms of the tick. */
  ts: number;
  /** true when the price comes from the simulated feed. */
  demo: boolean;
}

/** The index price of anything that needs one: thrown when a price is missing or stale. */
export const priceUnavailable = (instrument: string) =>
  new AppError(503, 'PRICE_UNAVAILABLE', 'market.priceUnavailable', { instrument });

/**
 * Samples the price source, stores every tick (append-only) and answers the latest index price.
 * The service published as `ctx.services.prices`.
 */
export class PriceService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly source: PriceSource;
  private readonly staleMs: number;
  private readonly latestBySymbol = new Map<string, IndexPrice>();
  private lastTickTs = 0;
  private ticking: Promise<number> = Promise.resolve(0);

  constructor(db: Db, clock: Clock, source: PriceSource, staleMs: number) {
    this.db = db;
    this.clock = clock;
    this.source = source;
    this.staleMs = staleMs;
  }

  get demo(): boolean {
    return this.source.kind === 'simulated';
  }

  /** Loads the last stored tick of each instrument (a simulated path continues from it). */
  async load(): Promise<void> {
    for (const inst of INSTRUMENTS) {
      const [row] = await this.db
        .select()
        .from(indexTicks)
        .where(eq(indexTicks.instrument, inst.symbol))
        .orderBy(desc(indexTicks.ts))
        .limit(1);
      if (!row) continue;
      const p = toIndexPrice(row);
      this.latestBySymbol.set(inst.symbol, p);
      this.lastTickTs = Math.max(this.lastTickTs, p.ts);
      if (this.source instanceof SimulatedFeed) this.source.resume(inst.symbol, p.ts, p.price);
    }
  }

  /**
   * One sample of every instrument (nothing when the second has not moved since the last one). Samples run one at
   * a time, so ticks are stored in time order.
   */
  tick(): Promise<number> {
    const run = this.ticking.then(() => this.sample());
    this.ticking = run.catch(() => 0);
    return run;
  }

  /**
   * The tick is stamped with the time its price was OBSERVED — read from the clock after the source answered, not
   * when it was asked. A slow venue therefore yields a later tick, never a tick for an earlier second stored late:
   * once a tick at or after some time is stored, every price observed before that time is stored too (the cycle
   * settlement relies on it, decision 0005).
   */
  private async sample(): Promise<number> {
    const asked = this.clock.now();
    if (Math.floor(asked / 1000) * 1000 <= this.lastTickTs) return 0;
    const quotes = await this.source.quote(
      INSTRUMENTS.map((i) => i.symbol),
      asked,
    );
    const ts = this.clock.now();
    if (!quotes.length || ts <= this.lastTickTs) return 0;
    this.lastTickTs = ts;
    await this.db
      .insert(indexTicks)
      .values(
        quotes.map((q) => ({
          instrument: q.symbol,
          ts: new Date(ts),
          price: q.price,
          sources: q.sources,
          demo: this.demo,
        })),
      )
      .onConflictDoNothing();
    for (const q of quotes)
      this.latestBySymbol.set(q.symbol, { instrument: q.symbol, price: q.price, ts, demo: this.demo });
    return quotes.length;
  }

  /** The latest fresh index price, or PRICE_UNAVAILABLE. */
  latest(instrument: string): IndexPrice {
    const p = this.latestBySymbol.get(instrument);
    if (!p || this.clock.now() - p.ts > this.staleMs) throw priceUnavailable(instrument);
    return p;
  }

  /** Every instrument's latest price; stale or missing ones are listed with `price: null`. */
  all(): Array<IndexPrice | { instrument: string; price: null; ts: number | null; demo: boolean }> {
    return INSTRUMENTS.map((i) => {
      try {
        return this.latest(i.symbol);
      } catch {
        return {
          instrument: i.symbol,
          price: null,
          ts: this.latestBySymbol.get(i.symbol)?.ts ?? null,
          demo: this.demo,
        };
      }
    });
  }

  /** Units of USDT (at PRICE_SCALE) per one whole `currency`; USDT is 1 by definition. */
  usdtPriceUnits(currency: string): bigint {
    if (currency === QUOTE) return parseUnits('1', PRICE_SCALE);
    return parseUnits(this.latest(instrumentForCurrency(currency)).price, PRICE_SCALE);
  }

  /** Stored ticks of a time range (both ends included), oldest first. */
  async ticks(instrument: string, from: number, to: number, limit: number): Promise<IndexPrice[]> {
    return (await this.rowsBetween(instrument, from, to, limit)).map(toIndexPrice);
  }

  /**
   * Candles of the stored index ticks, oldest first: the latest `limit` whose open time lies in [from, to] (`from`
   * defaults to `limit` intervals back, so a call never scans more ticks than it can answer). A market without
   * trades of its own draws these. An index has no volume: volume, turnover and trades are zero.
   */
  async candles(
    instrument: string,
    interval: CandleInterval,
    range: { from?: number | undefined; to?: number | undefined; limit: number },
  ): Promise<Candle[]> {
    const ms = CANDLE_INTERVALS[interval];
    const to = candleOpenTime(Math.min(range.to ?? this.clock.now(), this.clock.now()), interval);
    const from = Math.max(range.from ?? 0, to - (range.limit - 1) * ms);
    if (from > to) return [];
    const bucket = candleBucketSql(indexTicks.ts, interval);
    const rows = await this.db
      .select({
        time: sql<string>`${bucket}`,
        open: sql<string>`(array_agg(${indexTicks.price} order by ${indexTicks.ts}))[1]`,
        high: sql<string>`max(${indexTicks.price})`,
        low: sql<string>`min(${indexTicks.price})`,
        close: sql<string>`(array_agg(${indexTicks.price} order by ${indexTicks.ts} desc))[1]`,
        demo: sql<boolean>`bool_or(${indexTicks.demo})`,
      })
      .from(indexTicks)
      .where(
        and(
          eq(indexTicks.instrument, instrument),
          gte(indexTicks.ts, new Date(from)),
          lte(indexTicks.ts, new Date(to + ms - 1)),
        ),
      )
      .groupBy(bucket)
      .orderBy(asc(bucket));
    return rows.map((r) => ({
      time: Number(r.time),
      open: scaled(String(r.open)),
      high: scaled(String(r.high)),
      low: scaled(String(r.low)),
      close: scaled(String(r.close)),
      volume: '0',
      turnover: '0',
      trades: 0,
      demo: r.demo === true || String(r.demo) === 't',
    }));
  }

  /**
   * The lowest and highest stored tick of a time range (both ends included), or null without ticks: what a price
   * alert on a move within a window compares the latest price with.
   */
  async extremes(instrument: string, from: number, to: number): Promise<{ low: string; high: string } | null> {
    const [row] = await this.db
      .select({ low: sql<string | null>`min(${indexTicks.price})`, high: sql<string | null>`max(${indexTicks.price})` })
      .from(indexTicks)
      .where(ticksBetween(instrument, from, to));
    if (!row?.low || !row.high) return null;
    return { low: scaled(String(row.low)), high: scaled(String(row.high)) };
  }

  /** Stored ticks with the venue prices behind each one (what a cycle contract's verification shows). */
  async ticksWithSources(
    instrument: string,
    from: number,
    to: number,
    limit: number,
  ): Promise<Array<IndexPrice & { sources: Record<string, string> }>> {
    const rows = await this.rowsBetween(instrument, from, to, limit);
    return rows.map((row) => ({ ...toIndexPrice(row), sources: row.sources }));
  }

  private rowsBetween(instrument: string, from: number, to: number, limit: number) {
    return this.db
      .select()
      .from(indexTicks)
      .where(ticksBetween(instrument, from, to))
      .orderBy(asc(indexTicks.ts))
      .limit(limit);
  }
}

/** An instrument's stored ticks in a time range, both ends included. */
const ticksBetween = (instrument: string, from: number, to: number) =>
  and(eq(indexTicks.instrument, instrument), gte(indexTicks.ts, new Date(from)), lte(indexTicks.ts, new Date(to)));

/** A stored price (numeric with 18 decimals) written at PRICE_SCALE without trailing zeros. */
const scaled = (price: string): string => formatUnits(parseUnits(price, PRICE_SCALE), PRICE_SCALE);

function toIndexPrice(row: typeof indexTicks.$inferSelect): IndexPrice {
  return {
    instrument: row.instrument,
    price: scaled(row.price),
    ts: row.ts.getTime(),
    demo: row.demo,
  };
}
