import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { contractView } from './contract-view.ts';
import { cycleContracts } from './cycle.schema.ts';

export type CycleContractView = ReturnType<typeof contractView>;

/** A user's own contract as the records show it, for other modules (the share card); another's is null. */
export class CycleContractLookup {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async ofUser(userId: number, id: number): Promise<CycleContractView | null> {
    const [row] = await this.db
      .select()
      .from(cycleContracts)
      .where(and(eq(cycleContracts.id, id), eq(cycleContracts.userId, userId)))
      .limit(1);
    return row ? contractView(row) : null;
  }
}
