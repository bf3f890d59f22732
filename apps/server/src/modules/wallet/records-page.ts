import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

/** Which page of records, and of which status (all when none is given). */
export interface RecordsQuery<S extends string = string> {
  page: number;
  size: number;
  status?: S | undefined;
}

/** A table of users' records that each have a status: deposits, withdrawals, bank withdrawals. */
type RecordTable = PgTable & { id: PgColumn; userId: PgColumn; status: PgColumn };

/**
 * One page of records, newest first: a user's own (`userId`), or everyone's for the back office (`null`; each
 * item then says whose it is), of one status when `q.status` is given.
 */
export async function recordsPage<T extends RecordTable, V extends object>(
  db: Db,
  table: T,
  userId: number | null,
  q: RecordsQuery,
  view: (row: T['$inferSelect']) => V,
) {
  const conds = [];
  if (userId !== null) conds.push(eq(table.userId, userId));
  if (q.status) conds.push(eq(table.status, q.status));
  const { total, rows } = await newestFirstPage(db, table, conds.length ? and(...conds) : undefined, q);
  return {
    total,
    items: rows.map((r) => ({ ...view(r), ...(userId === null ? { userId: (r as { userId: number }).userId } : {}) })),
  };
}
