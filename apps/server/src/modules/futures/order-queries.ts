import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { FuturesOrder } from '@tidemark/contract/futures';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { contractOf, lotsToQty, ticksToPrice } from './domain/contracts.ts';
import { futuresOrders, futuresTrades } from './futures.schema.ts';
import { orderView, usdt } from './views.ts';

/** One of the user's fills: their side of a matched trade (USDT amounts as decimal strings). */
export interface FuturesFill {
  tradeId: number;
  orderId: number;
  symbol: string;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  price: string;
  quantity: string;
  /** price × quantity, USDT. */
  turnover: string;
  fee: string;
  /** What this fill realized (0 when it only opened or added). */
  realizedPnl: string;
  time: number;
}

export interface HistoryRange {
  symbol: string;
  fromId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}

/** One of the user's orders by id or client id (NOT_FOUND for anybody else's). */
export async function futuresOrderOf(
  db: Db,
  userId: number,
  by: { id: number } | { clientOrderId: string },
): Promise<FuturesOrder> {
  const [row] = await db
    .select()
    .from(futuresOrders)
    .where(
      and(
        eq(futuresOrders.userId, userId),
        'id' in by ? eq(futuresOrders.id, by.id) : eq(futuresOrders.clientOrderId, by.clientOrderId),
      ),
    );
  if (!row) throw notFound('spot.orderNotFound');
  return orderView(contractOf(row.symbol)!, row);
}

/** The user's orders in a contract, oldest first: from an id onwards, or the latest `limit` in a time range. */
export async function futuresOrdersOf(db: Db, userId: number, q: HistoryRange): Promise<FuturesOrder[]> {
  const where: Array<SQL | undefined> = [eq(futuresOrders.userId, userId), eq(futuresOrders.symbol, q.symbol)];
  if (q.fromId !== undefined) where.push(gte(futuresOrders.id, q.fromId));
  if (q.startTime !== undefined) where.push(gte(futuresOrders.createdAt, new Date(q.startTime)));
  if (q.endTime !== undefined) where.push(lte(futuresOrders.createdAt, new Date(q.endTime)));
  const forward = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await db
    .select()
    .from(futuresOrders)
    .where(and(...where))
    .orderBy(forward ? asc(futuresOrders.id) : desc(futuresOrders.id))
    .limit(q.limit);
  if (!forward) rows.reverse();
  const c = contractOf(q.symbol)!;
  return rows.map((r) => orderView(c, r));
}

/** The user's fills in a contract (matched trades; auto-deleverage fills are not orders' fills), oldest first. */
export async function futuresFillsOf(
  db: Db,
  userId: number,
  q: HistoryRange & { orderId?: number | undefined },
): Promise<FuturesFill[]> {
  const t = futuresTrades;
  const where: Array<SQL | undefined> = [
    eq(t.symbol, q.symbol),
    eq(t.kind, 'match'),
    or(eq(t.takerUserId, userId), eq(t.makerUserId, userId)),
  ];
  if (q.orderId !== undefined) where.push(or(eq(t.takerOrderId, q.orderId), eq(t.makerOrderId, q.orderId)));
  if (q.fromId !== undefined) where.push(gte(t.id, q.fromId));
  if (q.startTime !== undefined) where.push(gte(t.createdAt, new Date(q.startTime)));
  if (q.endTime !== undefined) where.push(lte(t.createdAt, new Date(q.endTime)));
  const forward = q.fromId !== undefined || q.startTime !== undefined;
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(forward ? asc(t.id) : desc(t.id))
    .limit(q.limit);
  if (!forward) rows.reverse();
  const c = contractOf(q.symbol)!;
  const fills: FuturesFill[] = [];
  for (const r of rows) {
    const common = {
      tradeId: r.id,
      symbol: r.symbol,
      price: ticksToPrice(c, r.priceTicks),
      quantity: lotsToQty(c, r.qtyLots),
      turnover: usdt(r.priceTicks * r.qtyLots),
      time: r.createdAt.getTime(),
    };
    const makerSide = r.takerSide === 'buy' ? 'sell' : 'buy';
    if (r.takerUserId === userId && (q.orderId === undefined || r.takerOrderId === q.orderId))
      fills.push({
        ...common,
        orderId: r.takerOrderId ?? 0,
        side: r.takerSide,
        role: 'taker',
        fee: usdt(r.takerFee),
        realizedPnl: usdt(r.takerPnl),
      });
    if (r.makerUserId === userId && (q.orderId === undefined || r.makerOrderId === q.orderId))
      fills.push({
        ...common,
        orderId: r.makerOrderId ?? 0,
        side: makerSide,
        role: 'maker',
        fee: usdt(r.makerFee),
        realizedPnl: usdt(r.makerPnl),
      });
  }
  return fills;
}
