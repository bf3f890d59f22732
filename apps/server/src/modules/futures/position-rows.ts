import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { MarginMode } from '@tidemark/contract/futures';
import { futuresPositions, type PositionRow } from './futures.schema.ts';

/**
 * A user's open position rows, oldest first — of one contract, of one margin mode, or all: the positions screens,
 * close-all and a cross account's risk read them here (a file of its own, so the risk code can use it without
 * importing the views).
 */
export function openPositionRows(
  db: Db,
  userId: number,
  only: { symbol?: string | undefined; marginMode?: MarginMode } = {},
): Promise<PositionRow[]> {
  return db
    .select()
    .from(futuresPositions)
    .where(
      and(
        eq(futuresPositions.userId, userId),
        eq(futuresPositions.status, 'open'),
        only.symbol ? eq(futuresPositions.symbol, only.symbol) : undefined,
        only.marginMode ? eq(futuresPositions.marginMode, only.marginMode) : undefined,
      ),
    )
    .orderBy(futuresPositions.id);
}
