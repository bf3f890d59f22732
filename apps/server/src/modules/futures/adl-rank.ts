import { and, eq, inArray } from 'drizzle-orm';
import { unrealizedPnl } from '@tidemark/futures-math';
import type { Db } from '../../platform/db/database.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { adlBuckets } from './domain/liquidation.ts';
import { futuresPositions, type PositionRow } from './futures.schema.ts';
import { adlScoresWith, toPosition } from './risk.ts';

/**
 * The ADL indicator (1–5, 5 = first in line) of each of a user's positions that is in profit,
 * ranked against every open position of its contract and side: one read of those positions and
 * one of their owners' cross wallets, however many positions the user holds.
 */
export async function adlRanks(
  db: Db,
  ledger: LedgerService,
  mine: ReadonlyArray<{ row: PositionRow; mark: bigint | null }>,
): Promise<Map<number, number>> {
  const marks = new Map<string, bigint>();
  for (const { row, mark } of mine) {
    if (mark !== null && unrealizedPnl(toPosition(row), mark) > 0n) marks.set(row.symbol, mark);
  }
  const ranks = new Map<number, number>();
  if (marks.size === 0) return ranks;
  const rows = await db
    .select()
    .from(futuresPositions)
    .where(and(inArray(futuresPositions.symbol, [...marks.keys()]), eq(futuresPositions.status, 'open')))
    .orderBy(futuresPositions.id);
  const cross = [...new Set(rows.filter((r) => r.marginMode === 'cross').map((r) => r.userId))];
  const wallets = await ledger.availableOfUsers(cross, 'USDT', 'futures', db);
  const groups = new Map<string, PositionRow[]>();
  for (const r of rows) {
    const key = `${r.symbol}:${r.side}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const wanted = new Set(mine.filter(({ row }) => marks.has(row.symbol)).map(({ row }) => `${row.symbol}:${row.side}`));
  for (const key of wanted) {
    const side = groups.get(key) ?? [];
    const mark = marks.get(side[0]?.symbol ?? '');
    if (mark === undefined) continue;
    const lights = adlBuckets(adlScoresWith(side, mark, wallets));
    side.forEach((r, i) => {
      const light = lights[i];
      if (light !== undefined) ranks.set(r.id, light);
    });
  }
  return ranks;
}
