import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserWallet } from './ledger.schema.ts';
import { startOfUtcDay } from './wallet-deps.ts';

/** Realized P&L of one wallet in one currency, minor units: all time and since the start of the UTC day. */
export interface RealizedPnl {
  currency: string;
  total: bigint;
  today: bigint;
}

/** The journal kinds whose postings on the spot wallet ARE realized results: cycle contract settlements. */
const SPOT_RESULT_KINDS = ['cycle_won', 'cycle_lost', 'cycle_refunded'];

/**
 * Realized P&L per wallet, by day:
 * - spot: cycle contract results straight from the journal — the net of the user's spot postings in
 *   `cycle_won` (+ payout − stake), `cycle_lost` (− stake) and `cycle_refunded` (0) entries. Spot
 *   trades realize nothing here: a coin bought has no cost basis on the platform.
 * - futures (USDT): closes, liquidations, auto-deleveraging and funding, from the futures module
 *   (futures/realized-pnl.ts says why the journal alone cannot attribute them).
 * - earn: null — interest accrues to the order and is shown there.
 */
export async function realizedPnlOf(
  ctx: AppContext,
  userId: number,
  now: number,
): Promise<Record<UserWallet, RealizedPnl[] | null>> {
  const since = new Date(startOfUtcDay(now));
  const spot = await journalResults(ctx.db, userId, 'spot', SPOT_RESULT_KINDS, since);
  // futures registers after the wallet: absent while the wallet alone runs (its tests)
  const futuresService = ctx.services.futures;
  const f = futuresService ? await futuresService.realizedPnl(userId, since) : { total: 0n, since: 0n };
  return { spot, futures: [{ currency: 'USDT', total: f.total, today: f.since }], earn: null };
}

async function journalResults(db: Db, userId: number, wallet: UserWallet, kinds: string[], since: Date) {
  const result = (await db.execute(
    sql`select a.currency,
               coalesce(sum(p.available_delta + p.frozen_delta), 0)::text as total,
               coalesce(sum(p.available_delta + p.frozen_delta) filter (where t.created_at >= ${since}), 0)::text as today
          from ledger_accounts a
          join ledger_postings p on p.account_id = a.id
          join ledger_transactions t on t.id = p.transaction_id
         where a.user_id = ${userId} and a.wallet = ${wallet} and t.kind in (${sql.join(
           kinds.map((k) => sql`${k}`),
           sql`, `,
         )})
         group by a.currency`,
  )) as unknown as { rows: Array<{ currency: string; total: string; today: string }> };
  return result.rows.map((r) => ({ currency: r.currency, total: BigInt(r.total), today: BigInt(r.today) }));
}
