import type { Db } from '../../platform/db/database.ts';
import { ownRow } from '../../platform/db/row-reads.ts';
import { contractView } from './contract-view.ts';
import { cycleContracts } from './cycle.schema.ts';

export type CycleContractView = ReturnType<typeof contractView>;

/** A user's own contract as the records show it, for other modules (the share card); another's is null. */
export interface CycleContractLookup {
  ofUser(userId: number, id: number): Promise<CycleContractView | null>;
}

export const cycleContractLookup = (db: Db): CycleContractLookup => ({
  ofUser: async (userId, id) => {
    const row = await ownRow(db, cycleContracts, userId, id);
    return row ? contractView(row) : null;
  },
});
