import type { LiquidationSettlement } from '@tidemark/contract/futures';
import { and, asc, desc, eq, gt, gte, lte } from 'drizzle-orm';
import { absBig, formatFixed, RATE_ONE, tierFor, USDT_SCALE } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import type { PriceService } from '../market/price.service.ts';
import { contractOf, lotsToQty, ticksToPrice } from './domain/contracts.ts';
import { replayLiquidation, type ReplayFill } from './domain/liquidation-replay.ts';
import { futuresLiquidations, futuresMarkPrices, futuresOrders, futuresTrades } from './futures.schema.ts';
import { averagePrice, rate, usdt } from './views.ts';

/**
 * The "how this was settled" detail of one liquidation (decision 0025), public like the cycle contract's
 * verification: the index ticks (time, price, each source) and the marks before the one that decided it, the
 * recorded inputs, the formulas, the figures recomputed by domain/liquidation-replay.ts from the recorded
 * fills, and whether they equal what was recorded. Nothing names the user.
 */

/** Ticks shown before the deciding one. */
const TICKS_BEFORE_MS = 10_000;

export const LIQUIDATION_FORMULA = {
  positionValue: 'position value = quantity × mark',
  unrealizedPnl: 'uPnL = side × (quantity × mark − entry value)',
  maintenanceMargin: 'maintenance margin = position value × MMR(tier) − maintenance amount(tier), rounded up',
  trigger: 'liquidated when margin + uPnL ≤ maintenance margin (at the mark)',
  liquidationPrice: 'liquidation price = the first whole tick at which margin + uPnL ≤ maintenance margin',
  bankruptcyPrice: 'bankruptcy price = the price at which margin + uPnL = 0: (entry value ∓ margin) / quantity',
  fill: 'each closing fill: what the closed share of margin still holds after its P&L pays the liquidation fee (quantity × mark × fee rate, at most what is left) to the insurance fund, the rest to the user; a loss beyond it is taken from the fund',
  adl: 'what the book cannot take is closed against opposite positions at the bankruptcy price (auto-deleveraging)',
  mark: 'mark = median(index × (1 + funding basis), index + impact-mid basis EMA, last independent trade), on the tick grid (decision 0007)',
};

export async function liquidationSettlement(
  db: Db,
  prices: Pick<PriceService, 'ticksWithSources'>,
  positionId: number,
): Promise<LiquidationSettlement | null> {
  const [liq] = await db.select().from(futuresLiquidations).where(eq(futuresLiquidations.positionId, positionId));
  if (!liq || liq.entryValue === null || liq.margin === null || liq.marginMode === null) return null;
  const c = contractOf(liq.symbol);
  if (!c) return null;
  const at = liq.createdAt.getTime();
  const [order] = await db
    .select()
    .from(futuresOrders)
    .where(and(eq(futuresOrders.userId, liq.userId), eq(futuresOrders.clientOrderId, `liq-${positionId}-${at}`)));
  // the fills of the liquidation order in the book, then the auto-deleverage fills that followed
  const market = order
    ? await db
        .select()
        .from(futuresTrades)
        .where(and(eq(futuresTrades.symbol, liq.symbol), eq(futuresTrades.takerOrderId, order.id)))
        .orderBy(asc(futuresTrades.id))
    : [];
  const fills: Array<ReplayFill & { kind: 'market' | 'adl' }> = market.map((t) => ({
    kind: 'market',
    qty: t.qtyLots,
    price: t.priceTicks,
  }));
  if (liq.adlLots > 0n) {
    const adl = await db
      .select()
      .from(futuresTrades)
      .where(
        and(
          eq(futuresTrades.symbol, liq.symbol),
          eq(futuresTrades.kind, 'adl'),
          eq(futuresTrades.takerUserId, liq.userId),
          gt(futuresTrades.id, market.at(-1)?.id ?? 0),
          gte(futuresTrades.createdAt, order?.createdAt ?? liq.createdAt),
        ),
      )
      .orderBy(asc(futuresTrades.id));
    let left = liq.adlLots;
    for (const t of adl) {
      if (left <= 0n) break;
      fills.push({ kind: 'adl', qty: t.qtyLots, price: t.priceTicks });
      left -= t.qtyLots;
    }
  }
  const position = { size: liq.side === 'long' ? liq.qtyLots : -liq.qtyLots, entryValue: liq.entryValue };
  const r = replayLiquidation(c, position, liq.margin, liq.markTicks, fills);

  const marks = await db
    .select()
    .from(futuresMarkPrices)
    .where(
      and(
        eq(futuresMarkPrices.symbol, liq.symbol),
        gte(futuresMarkPrices.ts, new Date(at - TICKS_BEFORE_MS)),
        lte(futuresMarkPrices.ts, liq.createdAt),
      ),
    )
    .orderBy(desc(futuresMarkPrices.ts));
  const markAt = new Map(marks.map((m) => [m.ts.getTime(), m.markTicks]));
  const index = await prices.ticksWithSources(liq.symbol, at - TICKS_BEFORE_MS, at, 100);
  const tier = tierFor(c, liq.qtyLots * liq.markTicks);
  const price = (t: bigint | null) => (t === null ? null : ticksToPrice(c, t));
  const recordedInsurance = liq.insuranceDelta;
  return {
    positionId,
    symbol: liq.symbol,
    direction: liq.side,
    marginMode: liq.marginMode,
    time: at,
    ticks: index.map((t) => ({
      time: t.ts,
      indexPrice: t.price,
      sources: t.sources,
      markPrice: price(markAt.get(t.ts) ?? null),
      used: t.ts === at,
    })),
    inputs: {
      quantity: lotsToQty(c, liq.qtyLots),
      openPrice: averagePrice(c, liq.entryValue, liq.qtyLots) ?? '0',
      entryValue: usdt(liq.entryValue),
      margin: usdt(liq.margin),
      markPrice: ticksToPrice(c, liq.markTicks),
      maintenanceMarginRate: rate(tier.mmr),
      maintenanceAmount: formatFixed(tier.cumScaled / RATE_ONE, USDT_SCALE),
      liquidationFeeRate: rate(c.liquidationFee),
    },
    formula: LIQUIDATION_FORMULA,
    result: {
      positionValue: usdt(absBig(position.size) * liq.markTicks),
      marginBalance: usdt(r.marginBalance),
      maintenanceMargin: usdt(r.maintenance),
      liquidationPrice: price(r.liquidationPrice),
      bankruptcyPrice: price(r.bankruptcyPrice),
      fills: r.fills.map((f, i) => ({
        kind: fills[i]!.kind,
        quantity: lotsToQty(c, f.qty),
        price: ticksToPrice(c, f.price),
        pnl: usdt(f.pnl),
        margin: usdt(f.margin),
        insurance: usdt(f.insurance),
        toUser: usdt(f.toUser),
      })),
      insuranceFund: usdt(r.insuranceDelta),
    },
    recorded: {
      markPrice: ticksToPrice(c, liq.markTicks),
      bankruptcyPrice: ticksToPrice(c, liq.bankruptcyTicks),
      marketQuantity: lotsToQty(c, liq.marketLots),
      adlQuantity: lotsToQty(c, liq.adlLots),
      insuranceFund: usdt(recordedInsurance),
    },
    agrees: r.bankruptcyPrice === liq.bankruptcyTicks && r.insuranceDelta === recordedInsurance && r.liquidatable,
  };
}
