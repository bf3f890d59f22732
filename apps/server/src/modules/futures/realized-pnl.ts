import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/**
 * A user's realized futures P&L in USDT minor units, all time and since `since` (the start of the
 * UTC day for "today"): what each fill realized on the part of a position it closed — ordinary
 * closes, take-profit / stop-loss, liquidations and auto-deleveraging (futures_trades.taker_pnl /
 * maker_pnl, written with the fill's journal entries) — plus funding received minus paid
 * (futures_funding_payments, written with the round's journal entry). Trading and liquidation fees
 * are not in it (they are the fee records').
 *
 * Why not the journal alone: every position's margin sits in the one `futures_clearing` account,
 * and a loss can be taken from a position's margin, or isolated funding paid into it, without any
 * posting on the user's wallet — the journal cannot say whose P&L that was. These two tables are
 * the per-user breakdown of exactly those journal entries.
 */
export async function futuresRealizedPnl(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ total: bigint; since: bigint }> {
  const result = (await db.execute(
    sql`select coalesce(sum(pnl), 0)::text as total,
               coalesce(sum(pnl) filter (where at >= ${since}), 0)::text as since
          from (
            select taker_pnl as pnl, created_at as at from futures_trades where taker_user_id = ${userId}
            union all
            select maker_pnl, created_at from futures_trades where maker_user_id = ${userId}
            union all
            select amount, created_at from futures_funding_payments where user_id = ${userId}
          ) x`,
  )) as unknown as { rows: Array<{ total: string; since: string }> };
  const row = result.rows[0];
  return { total: BigInt(row?.total ?? '0'), since: BigInt(row?.since ?? '0') };
}
