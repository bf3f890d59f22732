import type { Db } from '../../platform/db/database.ts';
import { ownRow } from '../../platform/db/row-reads.ts';
import { earnOrders } from './earn.schema.ts';

export type EarnOrderRow = typeof earnOrders.$inferSelect;

/** A user's own staking order (amounts in minor units, rates as stored), for other modules (the share card). */
export interface EarnOrderLookup {
  /** Someone else's order is null, as one that never existed. */
  ofUser(userId: number, id: number): Promise<EarnOrderRow | null>;
}

export const earnOrderLookup = (db: Db): EarnOrderLookup => ({
  ofUser: (userId, id) => ownRow(db, earnOrders, userId, id),
});
