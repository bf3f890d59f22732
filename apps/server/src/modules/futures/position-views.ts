import { and, count, desc, eq } from 'drizzle-orm';
import type { FuturesAccount, FuturesOrder, FuturesPosition } from '@tidemark/contract/futures';
import {
  bankruptcyPrice,
  crossBankruptcyCollateral,
  crossCollateral,
  liquidationPrice,
  returnOnEquity,
  unrealizedPnl,
  type OtherLeg,
} from '@tidemark/futures-math';
import { adlRanks } from './adl-rank.ts';
import { contractOf } from './domain/contracts.ts';
import { futuresOrders, futuresPositions, futuresSettings, type PositionRow } from './futures.schema.ts';
import type { FuturesScope } from './futures-scope.ts';
import { toPosition } from './risk.ts';
import { walletOf } from './settle-fill.ts';
import { openPositionRows } from './position-rows.ts';
import { CLOSED_POSITION_EXTRAS, orderView, positionView, usdt } from './views.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

/** One page of a user's history, newest first. */
export interface HistoryPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** A user's open positions (of one contract or all) at the current marks, with liquidation price and ADL light. */
export async function openPositions(scope: FuturesScope, userId: number, symbol?: string): Promise<FuturesPosition[]> {
  const rows = await openPositionRows(scope.db, userId, { symbol });
  const available = (await scope.ledger.balance(walletOf(userId))).available;
  const ranks = await adlRanks(
    scope.db,
    scope.ledger,
    rows.map((row) => ({ row, mark: scope.markOf(row.symbol) })),
  );
  return rows.map((p) => openView(scope, p, rows, available, ranks));
}

function openView(
  scope: FuturesScope,
  p: PositionRow,
  all: PositionRow[],
  available: bigint,
  ranks: ReadonlyMap<number, number>,
): FuturesPosition {
  const b = scope.book(p.symbol);
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
      const m = scope.markOf(o.symbol);
      if (o.id !== p.id && m !== null)
        others.push({ contract: contractOf(o.symbol)!, position: toPosition(o), mark: m });
    }
    liq = liquidationPrice(c, position, crossCollateral(wallet, others));
    bp = bankruptcyPrice(position, crossBankruptcyCollateral(wallet, others));
  }
  const unclaimed = p.qtyLots - b.reduceOnlyClaimed(p.userId, p.side === 'long' ? 'sell' : 'buy');
  return positionView(c, p, {
    mark,
    unrealizedPnl: mark === null ? null : unrealizedPnl(position, mark),
    roe: mark === null ? null : returnOnEquity(position, mark, p.leverage),
    liquidationPrice: liq,
    bankruptcyPrice: bp,
    closable: unclaimed > 0n ? unclaimed : 0n,
    adlRank: ranks.get(p.id) ?? null,
  });
}

/** A user's closed positions, the latest closed first. */
export async function closedPositions(
  scope: FuturesScope,
  userId: number,
  q: { symbol?: string; page: number; size: number },
): Promise<HistoryPage<FuturesPosition>> {
  const where = and(
    eq(futuresPositions.userId, userId),
    eq(futuresPositions.status, 'closed'),
    q.symbol ? eq(futuresPositions.symbol, q.symbol) : undefined,
  );
  const rows = await scope.db
    .select()
    .from(futuresPositions)
    .where(where)
    .orderBy(desc(futuresPositions.closedAt), desc(futuresPositions.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await scope.db.select({ n: count() }).from(futuresPositions).where(where);
  return {
    items: rows.map((r) => positionView(contractOf(r.symbol)!, r, CLOSED_POSITION_EXTRAS)),
    total: Number(total?.n ?? 0),
    page: q.page,
    size: q.size,
  };
}

/** A user's orders (of one contract or all), newest first. */
export async function orderHistory(
  scope: FuturesScope,
  userId: number,
  q: { symbol?: string; page: number; size: number },
): Promise<HistoryPage<FuturesOrder>> {
  const where = and(eq(futuresOrders.userId, userId), q.symbol ? eq(futuresOrders.symbol, q.symbol) : undefined);
  const { rows, total } = await newestFirstPage(scope.db, futuresOrders, where, q);
  return {
    items: rows.map((r) => orderView(contractOf(r.symbol)!, r)),
    total,
    page: q.page,
    size: q.size,
  };
}

/** The futures wallet with its position margins and unrealized P&L at the current marks, and the settings. */
export async function futuresAccount(scope: FuturesScope, userId: number): Promise<FuturesAccount> {
  const bal = await scope.ledger.balance(walletOf(userId));
  const rows = await scope.db
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.userId, userId), eq(futuresPositions.status, 'open')));
  let margin = 0n;
  let upnl = 0n;
  for (const r of rows) {
    margin += r.margin;
    const m = scope.markOf(r.symbol);
    if (m !== null) upnl += unrealizedPnl(toPosition(r), m);
  }
  const settings = await scope.db.select().from(futuresSettings).where(eq(futuresSettings.userId, userId));
  return {
    currency: 'USDT',
    available: usdt(bal.available),
    frozen: usdt(bal.frozen),
    positionMargin: usdt(margin),
    unrealizedPnl: usdt(upnl),
    equity: usdt(bal.available + bal.frozen + margin + upnl),
    settings: settings.map((s) => ({ symbol: s.symbol, marginMode: s.marginMode, leverage: s.leverage })),
    defaultLeverage: scope.defaultLeverage,
  };
}
