import { and, eq } from 'drizzle-orm';
import type { FuturesPosition } from '@tidemark/contract/futures';
import type { Db } from '../../platform/db/database.ts';
import { contractOf } from './domain/contracts.ts';
import { futuresPositions } from './futures.schema.ts';
import { CLOSED_POSITION_EXTRAS, positionView } from './views.ts';

/** A user's own CLOSED position as the position history shows it, for other modules (the share card). */
export class FuturesPositionLookup {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async closedOfUser(userId: number, id: number): Promise<FuturesPosition | null> {
    const [row] = await this.db
      .select()
      .from(futuresPositions)
      .where(
        and(eq(futuresPositions.id, id), eq(futuresPositions.userId, userId), eq(futuresPositions.status, 'closed')),
      )
      .limit(1);
    const contract = row ? contractOf(row.symbol) : undefined;
    return row && contract ? positionView(contract, row, CLOSED_POSITION_EXTRAS) : null;
  }
}
