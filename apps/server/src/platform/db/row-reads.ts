import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** A table whose rows belong to users, listed by serial id. */
type UserRowsTable = PgTable & { id: PgColumn; userId: PgColumn };

/** The first row of `table` that matches `where`, or null when none does. */
export async function firstRow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/**
 * The user's own row with this id; another user's is null, as one that never existed (what other modules may read
 * of a user's records, for that user).
 */
export function ownRow<T extends UserRowsTable>(
  db: Db,
  table: T,
  userId: number,
  id: number,
): Promise<T['$inferSelect'] | null> {
  return firstRow(db, table, and(eq(table.id, id), eq(table.userId, userId)));
}

/** A user's rows, newest (highest id) first, at most `limit` of them: a history as the user's own pages show it. */
export async function newestRowsOf<T extends UserRowsTable>(
  db: Db,
  table: T,
  userId: number,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.userId, userId))
    .orderBy(desc(table.id))
    .limit(limit);
  return rows as T['$inferSelect'][];
}
