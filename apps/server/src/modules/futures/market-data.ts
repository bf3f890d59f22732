import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FuturesPublicTrade } from '@tidemark/contract/futures';
import type { Candle } from '@tidemark/contract/spot';
import type { Db } from '../../platform/db/database.ts';
import type { ContractBook } from './contract-book.ts';
import { contractOf, lotsToQty, ticksToPrice, type Contract } from './domain/contracts.ts';
import { futuresFundingRounds } from './futures.schema.ts';
import { averagePrice, rate, usdt } from './views.ts';

/**
 * Public market data of a contract from its own book and matched trades (auto-deleverage fills are not
 * market trades and are left out): depth, candles, the rolling 24-hour statistics and the settled funding rates. Prices and
 * quantities leave as decimal strings; values are Σ lots × ticks, i.e. USDT minor units, exactly.
 */

export interface ContractDepth {
  bids: Array<[price: string, qty: string]>;
  asks: Array<[price: string, qty: string]>;
}

/** A contract's candle has the spot candle's fields; contracts have no demo market to flag. */
export type ContractCandle = Omit<Candle, 'demo'>;

export interface ContractDayStats {
  open: string | null;
  high: string | null;
  low: string | null;
  last: string | null;
  lastQty: string | null;
  volume: string;
  turnover: string;
  /** Average price of the window's trades (turnover / volume) with two decimals below the tick. */
  averagePrice: string | null;
  firstId: number | null;
  lastId: number | null;
  trades: number;
  openTime: number;
  closeTime: number;
}

export function contractDepth(book: ContractBook, levels: number): ContractDepth {
  const c = book.contract;
  const side = (s: 'buy' | 'sell') =>
    book.depth(s, levels).map(([p, q]) => [ticksToPrice(c, p), lotsToQty(c, q)] as [string, string]);
  return { bids: side('buy'), asks: side('sell') };
}

/** 9999-12-31T23:59:59.999Z: the last instant PostgreSQL reads in the ISO form a Date writes. */
const LAST_MS = 253_402_300_799_999;

type Row = Record<string, string | null>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Candles of `intervalMs` from matched trades, the latest `limit` within [start, end], oldest first. Buckets start
 * at multiples of the interval after `alignMs` (weeks start on Monday 1970-01-05, as exchanges count them).
 */
export async function contractCandles(
  db: Db,
  c: Contract,
  intervalMs: number,
  range: { start?: number | undefined; end?: number | undefined; limit: number; alignMs?: number },
): Promise<ContractCandle[]> {
  const from = new Date(Math.min(range.start ?? 0, LAST_MS));
  const to = new Date(Math.min(range.end ?? LAST_MS, LAST_MS));
  const ms = String(intervalMs);
  const align = String(range.alignMs ?? 0);
  const found = await rows(
    db,
    sql`select (floor((extract(epoch from created_at) * 1000 - ${align}::numeric) / ${ms}::numeric) * ${ms}::numeric
            + ${align}::numeric)::bigint::text as t,
          ((array_agg(price_ticks order by id))[1])::text as o,
          max(price_ticks)::text as h,
          min(price_ticks)::text as l,
          ((array_agg(price_ticks order by id desc))[1])::text as c,
          sum(qty_lots)::text as v,
          sum(qty_lots * price_ticks)::text as q,
          count(*)::text as n
        from futures_trades
        where symbol = ${c.symbol} and kind = 'match' and created_at >= ${from.toISOString()}::timestamptz and created_at <= ${to.toISOString()}::timestamptz
        group by 1 order by 1 desc limit ${range.limit}`,
  );
  return found.reverse().map((r) => ({
    time: Number(r.t),
    open: ticksToPrice(c, BigInt(r.o!)),
    high: ticksToPrice(c, BigInt(r.h!)),
    low: ticksToPrice(c, BigInt(r.l!)),
    close: ticksToPrice(c, BigInt(r.c!)),
    volume: lotsToQty(c, BigInt(r.v!)),
    turnover: usdt(BigInt(r.q!)),
    trades: Number(r.n),
  }));
}

/** The latest matched trades of a contract, newest first. */
export async function contractTrades(db: Db, c: Contract, limit: number): Promise<FuturesPublicTrade[]> {
  const found = await rows(
    db,
    sql`select id::text as id, price_ticks::text as p, qty_lots::text as q, taker_side as s,
          (extract(epoch from created_at) * 1000)::bigint::text as t
        from futures_trades where symbol = ${c.symbol} and kind = 'match' order by id desc limit ${limit}`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    price: ticksToPrice(c, BigInt(r.p!)),
    quantity: lotsToQty(c, BigInt(r.q!)),
    side: r.s === 'sell' ? 'sell' : 'buy',
    time: Number(r.t),
  }));
}

/** The rolling 24 hours up to `now`; the last price is the last trade ever (as a ticker shows it). */
export async function contractDayStats(db: Db, c: Contract, now: number): Promise<ContractDayStats> {
  const openTime = now - 86_400_000;
  const [w] = await rows(
    db,
    sql`select ((array_agg(price_ticks order by id))[1])::text as o,
          max(price_ticks)::text as h,
          min(price_ticks)::text as l,
          coalesce(sum(qty_lots), 0)::text as v,
          coalesce(sum(qty_lots * price_ticks), 0)::text as q,
          min(id)::text as first_id,
          max(id)::text as last_id,
          count(*)::text as n
        from futures_trades
        where symbol = ${c.symbol} and kind = 'match' and created_at > ${new Date(openTime).toISOString()}::timestamptz
          and created_at <= ${new Date(now).toISOString()}::timestamptz`,
  );
  const [last] = await rows(
    db,
    sql`select price_ticks::text as p, qty_lots::text as q from futures_trades
        where symbol = ${c.symbol} and kind = 'match' order by id desc limit 1`,
  );
  const price = (t: string | null | undefined) => (t ? ticksToPrice(c, BigInt(t)) : null);
  const volume = BigInt(w?.v ?? '0');
  const turnover = BigInt(w?.q ?? '0');
  const lastPrice = price(last?.p);
  return {
    open: price(w?.o) ?? lastPrice,
    high: price(w?.h) ?? lastPrice,
    low: price(w?.l) ?? lastPrice,
    last: lastPrice,
    lastQty: last?.q ? lotsToQty(c, BigInt(last.q)) : null,
    volume: lotsToQty(c, volume),
    turnover: usdt(turnover),
    averagePrice: averagePrice(c, turnover, volume),
    firstId: w?.first_id ? Number(w.first_id) : null,
    lastId: w?.last_id ? Number(w.last_id) : null,
    trades: Number(w?.n ?? 0),
    openTime,
    closeTime: now,
  };
}

export interface FundingRound {
  symbol: string;
  rate: string;
  fundingTime: number;
  markPrice: string;
}

/** Settled funding rounds, oldest first: from startTime onwards, or the latest `limit` up to endTime. */
export async function contractFundingRounds(
  db: Db,
  q: { symbol?: string | undefined; startTime?: number | undefined; endTime?: number | undefined; limit: number },
): Promise<FundingRound[]> {
  const f = futuresFundingRounds;
  const where: Array<SQL | undefined> = [q.symbol ? eq(f.symbol, q.symbol) : undefined];
  if (q.startTime !== undefined) where.push(gte(f.fundingTime, new Date(Math.min(q.startTime, LAST_MS))));
  if (q.endTime !== undefined) where.push(lte(f.fundingTime, new Date(Math.min(q.endTime, LAST_MS))));
  const forward = q.startTime !== undefined;
  const found = await db
    .select()
    .from(f)
    .where(and(...where))
    .orderBy(forward ? asc(f.fundingTime) : desc(f.fundingTime), asc(f.id))
    .limit(q.limit);
  if (!forward) found.reverse();
  return found.map((r) => ({
    symbol: r.symbol,
    rate: rate(r.rate),
    fundingTime: r.fundingTime.getTime(),
    markPrice: ticksToPrice(contractOf(r.symbol)!, r.markTicks),
  }));
}
