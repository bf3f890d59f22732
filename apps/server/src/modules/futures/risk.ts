import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Contract } from './domain/contracts.ts';
import { impactPrice, premiumIndex } from './domain/funding.ts';
import { adlScore, isCrossLiquidatable, isIsolatedLiquidatable, type Leg } from './domain/liquidation.ts';
import { bankruptcyPrice } from '@tidemark/futures-math';
import { nextMark } from './domain/mark-price.ts';
import { unrealizedPnl, type Position } from '@tidemark/futures-math';
import { divHalfUp, parseFixed } from '@tidemark/futures-math';
import type { ContractBook } from './contract-book.ts';
import { futuresLiquidations, futuresMarkPrices, futuresPositions, type PositionRow } from './futures.schema.ts';
import { CLEARING, openPositionOf, postNonEmpty, walletOf } from './settle-fill.ts';
import { contractOf } from './domain/contracts.ts';
import { loadRiskSnapshot, riskCandidates } from './risk-scan.ts';
import { openPositionRows } from './position-rows.ts';
import { advanceCloseTriggers, closeTrigger, type CloseKind, type TriggerPrices } from './close-triggers.ts';

/**
 * What happens on every mark price (product spec §3, prices, funding and liquidation), inside the contract's sequencer:
 * the mark is computed from the index and the book and recorded, a premium sample is kept for funding, then
 * every open position is re-evaluated (in one batch; see evaluatePositions) — liquidated when its margin
 * balance reaches maintenance, its take-profit / stop-loss fired when the mark crosses it.
 */

export const INDEX_DECIMALS = 8;

/** Index price (decimal string) → contract ticks, rounded half-up. */
export function indexToTicks(contract: Contract, price: string): bigint {
  const units = parseFixed(price, INDEX_DECIMALS);
  return divHalfUp(units * 10n ** BigInt(contract.priceDecimals), 10n ** BigInt(INDEX_DECIMALS) * contract.tickUnits);
}

export const toPosition = (p: PositionRow): Position => ({
  size: p.side === 'long' ? p.qtyLots : -p.qtyLots,
  entryValue: p.entryValue,
});

/** Marks of the other contracts (for an account's cross positions). */
export type MarkOf = (symbol: string) => bigint | null;

export interface TickReport {
  mark: bigint;
  liquidated: number[];
  triggered: Array<{ positionId: number; kind: CloseKind }>;
}

/** Computes and records the mark for index `indexPrice` at `at`, then re-evaluates every open position. */
export async function markTick(
  book: ContractBook,
  tx: Db,
  indexPrice: string,
  at: number,
  markOf: MarkOf,
): Promise<TickReport> {
  const c = book.contract;
  const index = indexToTicks(c, indexPrice);
  // the book as seen without the platform's own quotes: the maker follows the mark and must not lead it
  const impactBid = impactPrice(book.independentDepth('buy'), c.impactNotional);
  const impactAsk = impactPrice(book.independentDepth('sell'), c.impactNotional);
  const state = nextMark(c, book.markState, {
    index,
    impactBid,
    impactAsk,
    lastTrade: book.lastIndependentTrade,
    fundingRate: book.lastFundingRate,
    msToFunding: book.lastFundingTime + c.fundingIntervalMs - at,
    at,
  });
  await tx
    .insert(futuresMarkPrices)
    .values({ symbol: c.symbol, ts: new Date(at), indexPrice, markTicks: state.mark })
    .onConflictDoNothing();
  book.markState = state;
  book.effects.ticked = true; // every position's uPnL moved: the feed republishes them once committed
  book.premiums.push(premiumIndex(index, impactBid, impactAsk));
  return evaluatePositions(book, tx, markOf);
}

/**
 * Re-evaluates the open positions of the book's contract at its mark. One read loads them (with the cross legs
 * and wallets their accounts need) and the batch evaluation picks the candidates (risk-scan.ts); only those go
 * through the exact path below, which reads the position again and decides in bigint inside this transaction.
 * A position only put at risk by another position's liquidation in this same tick (its fills) is caught on the
 * next tick.
 */
export async function evaluatePositions(book: ContractBook, tx: Db, markOf: MarkOf): Promise<TickReport> {
  const c = book.contract;
  const mark = book.mark!;
  const report: TickReport = { mark, liquidated: [], triggered: [] };
  const snapshot = await loadRiskSnapshot(tx, book.ledger, c.symbol);
  const batch = riskCandidates(c, mark, snapshot, markOf);
  // last-price TP/SL and trailing stops (close-triggers.ts); moves the trailing watermarks
  const triggers = await advanceCloseTriggers(
    tx,
    c.symbol,
    mark,
    snapshot.map((r) => r.position),
  );
  const candidates = [...new Set([...batch, ...triggers.fired])].sort((a, b) => a - b);
  const byId = new Map(snapshot.map((r) => [r.position.id, r.position]));
  const rows = candidates.map((id) => byId.get(id)!);
  for (const row of rows) {
    const pos = await openPositionOf(tx, row.userId, c.symbol); // fresh: an earlier step may have changed it
    if (!pos || pos.id !== row.id) continue;
    if (await isLiquidatable(book, tx, pos, markOf)) {
      await liquidate(book, tx, pos);
      report.liquidated.push(pos.id);
      continue;
    }
    if (pos.marginMode === 'cross') await keepCrossMarginWhole(book, tx, pos);
    const kind = stopTriggered(pos, triggers.prices);
    if (kind) {
      await book.cancelReduceOnlyOf(tx, pos.userId);
      // like TP/SL, a trailing stop stays on the position until it is closed: a close that met no liquidity in
      // the band, or only part of it, is placed again on the next tick for what is left
      // close-on-trigger: reduce-only, the position's size as read now (a smaller position closes what is left)
      await book.place(tx, {
        userId: pos.userId,
        clientOrderId: `${CLIENT_PREFIX[kind]}-${pos.id}-${mark}`,
        requestHash: kind,
        side: pos.side === 'long' ? 'sell' : 'buy',
        type: 'market',
        priceTicks: null,
        qtyLots: pos.qtyLots,
        reduceOnly: true,
        postOnly: false,
        // a trailing stop is a stop-loss that moves: its close is one (the order sources are unchanged)
        source: kind === 'trailing_stop' ? 'stop_loss' : kind,
        marginMode: pos.marginMode,
        leverage: pos.leverage,
      });
      report.triggered.push({ positionId: pos.id, kind });
    }
  }
  return report;
}

const CLIENT_PREFIX: Record<CloseKind, string> = { take_profit: 'tp', stop_loss: 'sl', trailing_stop: 'trail' };

/**
 * The close trigger that fires for the position at these prices: TP/SL on the mark or the last trade as each
 * chose (a long's TP at or above, SL at or below; a short's mirrored), or its trailing stop (close-triggers.ts).
 */
export function stopTriggered(pos: PositionRow, prices: TriggerPrices): CloseKind | null {
  return closeTrigger(pos, prices).kind;
}

/** The user's cross collateral (wallet available + Σ cross margins) and legs, over every contract. */
export async function crossAccount(book: ContractBook, tx: Db, userId: number, markOf: MarkOf) {
  const rows = await openPositionRows(tx, userId, { marginMode: 'cross' });
  const available = (await book.ledger.lockBalance(tx, walletOf(userId))).available;
  let wallet = available;
  const legs: Leg[] = [];
  for (const r of rows) {
    wallet += r.margin;
    const contract = contractOf(r.symbol);
    const mark = r.symbol === book.contract.symbol ? book.mark : markOf(r.symbol);
    if (contract && mark !== null) legs.push({ contract, position: toPosition(r), mark });
  }
  return { available, wallet, legs };
}

async function isLiquidatable(book: ContractBook, tx: Db, pos: PositionRow, markOf: MarkOf): Promise<boolean> {
  if (pos.marginMode === 'isolated')
    return isIsolatedLiquidatable(book.contract, toPosition(pos), pos.margin, book.mark!);
  const acct = await crossAccount(book, tx, pos.userId, markOf);
  return isCrossLiquidatable(acct.wallet, acct.legs);
}

/**
 * Cross positions share the wallet, but their margins sit in clearing per position. When a cross position's
 * margin + uPnL falls below zero, wallet money moves into it (collateral unchanged: it was all cross margin) so
 * clearing always covers what it owes (decision 0008).
 */
async function keepCrossMarginWhole(book: ContractBook, tx: Db, pos: PositionRow): Promise<void> {
  const equity = pos.margin + unrealizedPnl(toPosition(pos), book.mark!);
  if (equity >= 0n) return;
  const available = (await book.ledger.lockBalance(tx, walletOf(pos.userId))).available;
  const move = -equity < available ? -equity : available;
  if (move <= 0n) return;
  await book.ledger.post(tx, {
    kind: 'futures_cross_margin',
    reference: `futures:${pos.symbol}:position:${pos.id}`,
    movements: [
      { account: walletOf(pos.userId), available: -move },
      { account: CLEARING, available: move },
    ],
  });
  await tx
    .update(futuresPositions)
    .set({ margin: pos.margin + move })
    .where(eq(futuresPositions.id, pos.id));
}

/**
 * Liquidation (reference A3): cancel the position's orders; for cross, the wallet joins the position's margin
 * (it is all at stake); close with one IOC order in the book no worse than the insurance fund can carry
 * beyond the bankruptcy price; what the book cannot take is auto-deleveraged against the most profitable,
 * most leveraged opposite positions at the bankruptcy price. Recorded in futures_liquidations.
 */
export async function liquidate(book: ContractBook, tx: Db, start: PositionRow): Promise<void> {
  const c = book.contract;
  const mark = book.mark!;
  book.takeInsuranceDelta();
  await book.cancelAllOf(tx, start.userId, 'liquidation');
  let pos = (await openPositionOf(tx, start.userId, c.symbol))!;
  if (pos.marginMode === 'cross') {
    const available = (await book.ledger.lockBalance(tx, walletOf(pos.userId))).available;
    if (available > 0n) {
      await postNonEmpty(tx, book.ledger, 'futures_liquidation_margin', `futures:${c.symbol}:position:${pos.id}`, [
        { account: walletOf(pos.userId), available: -available },
        { account: CLEARING, available },
      ]);
      [pos] = (await tx
        .update(futuresPositions)
        .set({ margin: pos.margin + available })
        .where(eq(futuresPositions.id, pos.id))
        .returning()) as [PositionRow];
    }
  }
  const qty = pos.qtyLots;
  const long = pos.side === 'long';
  const bp = bankruptcyPrice(toPosition(pos), pos.margin) ?? 1n;
  const fund = (await book.ledger.lockBalance(tx, { system: 'insurance_fund', currency: 'USDT' })).available;
  // the worst price the fund can carry: each lot may lose fund/qty beyond the bankruptcy price
  const slack = fund / qty;
  let limit = long ? bp - slack : bp + slack;
  if (limit < 1n) limit = 1n;
  await book.place(tx, {
    userId: pos.userId,
    clientOrderId: `liq-${pos.id}-${book.markState!.at}`,
    requestHash: 'liquidation',
    side: long ? 'sell' : 'buy',
    type: 'market',
    priceTicks: limit,
    qtyLots: qty,
    reduceOnly: true,
    postOnly: false,
    source: 'liquidation',
    marginMode: pos.marginMode,
    leverage: pos.leverage,
  });
  const after = await openPositionOf(tx, pos.userId, c.symbol);
  let rest = after && after.id === pos.id ? after.qtyLots : 0n;
  const marketLots = qty - rest;
  if (rest > 0n) {
    // auto-deleverage at the bankruptcy price of what is left
    const left = after!;
    const price = bankruptcyPrice(toPosition(left), left.margin) ?? 1n;
    for (const counter of await adlQueue(book, tx, left.side === 'long' ? 'short' : 'long', left.userId)) {
      if (rest === 0n) break;
      const take = counter.qtyLots < rest ? counter.qtyLots : rest;
      const current = (await openPositionOf(tx, left.userId, c.symbol))!;
      await book.adlFill(tx, current, counter, take, price);
      rest -= take;
    }
  }
  book.effects.liquidations.push({
    userId: pos.userId,
    positionId: pos.id,
    side: pos.side,
    qtyLots: qty,
    markTicks: mark,
    at: book.markState!.at,
  });
  await tx.insert(futuresLiquidations).values({
    positionId: pos.id,
    userId: pos.userId,
    symbol: c.symbol,
    side: pos.side,
    qtyLots: qty,
    markTicks: mark,
    bankruptcyTicks: bp,
    marketLots,
    adlLots: qty - marketLots - rest,
    insuranceDelta: book.takeInsuranceDelta(),
    // the inputs of the decision, for the settlement view (liquidation-settlement.ts)
    entryValue: pos.entryValue,
    margin: pos.margin,
    marginMode: pos.marginMode,
    createdAt: new Date(book.markState!.at),
  });
}

/** Opposite positions in ADL order: highest score (profit × effective leverage) first. */
export async function adlQueue(
  book: ContractBook,
  tx: Db,
  side: 'long' | 'short',
  excludeUser: number,
): Promise<PositionRow[]> {
  const c = book.contract;
  const mark = book.mark!;
  const rows = await tx
    .select()
    .from(futuresPositions)
    .where(
      and(eq(futuresPositions.symbol, c.symbol), eq(futuresPositions.status, 'open'), eq(futuresPositions.side, side)),
    );
  const candidates = rows.filter((row) => row.userId !== excludeUser);
  const scores = await adlScores(book, tx, candidates, mark);
  const scored = candidates.map((row, i) => ({ row, score: scores[i]! }));
  scored.sort((a, b) => (b.score > a.score ? 1 : b.score < a.score ? -1 : a.row.id - b.row.id));
  return scored.map((s) => s.row);
}

/**
 * The ADL score (profit × effective leverage) of each position, in order: a cross position counts its owner's
 * futures wallet as collateral, read for all of them at once through the ledger.
 */
export async function adlScores(book: ContractBook, tx: Db, rows: readonly PositionRow[], mark: bigint) {
  const cross = rows.filter((r) => r.marginMode === 'cross').map((r) => r.userId);
  const wallets = await book.ledger.availableOfUsers(cross, 'USDT', 'futures', tx);
  return adlScoresWith(rows, mark, wallets);
}

/** The ADL scores of `rows` given their owners' available futures wallets (what a cross position adds as collateral). */
export function adlScoresWith(rows: readonly PositionRow[], mark: bigint, wallets: ReadonlyMap<number, bigint>) {
  return rows.map((row) => {
    const collateral = row.margin + (row.marginMode === 'cross' ? (wallets.get(row.userId) ?? 0n) : 0n);
    const bp = bankruptcyPrice(toPosition(row), collateral) ?? 1n;
    return adlScore(toPosition(row), mark, bp);
  });
}
