import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { earnOrders } from './earn.schema.ts';

export type EarnOrderRow = typeof earnOrders.$inferSelect;

/** A user's own staking order (amounts in minor units, rates as stored), for other modules (the share card). */
export class EarnOrderLookup {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Someone else's order is null, as one that never existed. */
  async ofUser(userId: number, id: number): Promise<EarnOrderRow | null> {
    const [row] = await this.db
      .select()
      .from(earnOrders)
      .where(and(eq(earnOrders.id, id), eq(earnOrders.userId, userId)))
      .limit(1);
    return row ?? null;
  }
}
