import { and, desc, eq } from 'drizzle-orm';
import { stepTrailing, triggerPrice, type TriggerSource } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import { tpslTriggered } from './domain/tpsl.ts';
import { futuresPositions, futuresTrades, type PositionRow } from './futures.schema.ts';

/**
 * The close triggers that are not a plain mark comparison (decision 0025): a take-profit / stop-loss that
 * watches the contract's last trade, and the trailing stop. risk-scan.ts's batch only knows the mark; this
 * file adds, on each tick, the positions whose other triggers fire, and moves the trailing watermarks forward
 * (persisted in the position row, so a restart resumes from the same best price).
 */

export type CloseKind = 'take_profit' | 'stop_loss' | 'trailing_stop';

export interface TriggerPrices {
  mark: bigint;
  /** The contract's last matched trade (null: none yet). */
  last: bigint | null;
}

/** The price of the contract's last matched trade (any account: what "last price" shows), or null. */
export async function lastTradeTicks(tx: Db, symbol: string): Promise<bigint | null> {
  const [row] = await tx
    .select({ price: futuresTrades.priceTicks })
    .from(futuresTrades)
    .where(and(eq(futuresTrades.symbol, symbol), eq(futuresTrades.kind, 'match')))
    .orderBy(desc(futuresTrades.createdAt), desc(futuresTrades.id))
    .limit(1);
  return row?.price ?? null;
}

const usesLast = (p: PositionRow) =>
  (p.takeProfitTicks !== null && p.tpTrigger === 'last') ||
  (p.stopLossTicks !== null && p.slTrigger === 'last') ||
  (p.trailCallback !== null && p.trailTrigger === 'last');

/** Whether a position has a trigger this file judges (the mark-only TP/SL is the batch's). */
export const hasAdvancedTrigger = (p: PositionRow) => usesLast(p) || p.trailCallback !== null;

/**
 * What the position's triggers ask for at these prices: a stop-loss first, then the trailing stop, then the
 * take-profit; and the trailing watermark after this observation (unchanged when there is no trailing stop or
 * its price is not there yet).
 */
export function closeTrigger(
  p: PositionRow,
  prices: TriggerPrices,
): { kind: CloseKind | null; watermark: bigint | null } {
  const position = { size: p.side === 'long' ? p.qtyLots : -p.qtyLots, entryValue: p.entryValue };
  const at = (source: TriggerSource) => triggerPrice(source, prices.mark, prices.last);
  const slPrice = at(p.slTrigger);
  const tpPrice = at(p.tpTrigger);
  const stop = p.stopLossTicks !== null && slPrice !== null && tpslTriggered(position, slPrice, null, p.stopLossTicks);
  let watermark = p.trailWatermarkTicks;
  let trailed = false;
  const trailPrice = at(p.trailTrigger);
  if (p.trailCallback !== null && trailPrice !== null) {
    const step = stepTrailing(
      {
        side: p.side === 'long' ? 1 : -1,
        callback: BigInt(p.trailCallback),
        activation: p.trailActivationTicks,
        watermark,
      },
      trailPrice,
    );
    watermark = step.watermark;
    trailed = step.fired;
  }
  const take =
    p.takeProfitTicks !== null && tpPrice !== null && tpslTriggered(position, tpPrice, p.takeProfitTicks, null);
  const kind: CloseKind | null = stop ? 'stop_loss' : trailed ? 'trailing_stop' : take ? 'take_profit' : null;
  return { kind, watermark };
}

/**
 * One tick's pass over the contract's open positions with advanced triggers: stores every trailing watermark
 * that moved and returns the ids (ascending) whose trigger fires, for the exact path in risk.ts. Reads the last
 * trade only when a position watches it.
 */
export async function advanceCloseTriggers(
  tx: Db,
  symbol: string,
  mark: bigint,
  rows: readonly PositionRow[],
): Promise<{ prices: TriggerPrices; fired: number[] }> {
  const mine = rows.filter((p) => p.symbol === symbol && p.status === 'open' && hasAdvancedTrigger(p));
  const prices: TriggerPrices = { mark, last: mine.some(usesLast) ? await lastTradeTicks(tx, symbol) : null };
  const fired: number[] = [];
  for (const p of mine) {
    const { kind, watermark } = closeTrigger(p, prices);
    if (watermark !== p.trailWatermarkTicks) {
      await tx.update(futuresPositions).set({ trailWatermarkTicks: watermark }).where(eq(futuresPositions.id, p.id));
    }
    if (kind) fired.push(p.id);
  }
  return { prices, fired };
}
