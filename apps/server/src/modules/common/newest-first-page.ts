import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';

/** A table listed by its serial id, so that the newest rows come first. */
type ListedTable = PgTable & { id: PgColumn };

/**
 * One page of the rows of `table` that match `where`, newest (highest id) first, with the count of
 * all that match: the shape of every record list and review queue (`page` counts from 1).
 */
export async function newestFirstPage<T extends ListedTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  { page, size }: { page: number; size: number },
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(table as PgTable)
    .where(where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.id))
    .limit(size)
    .offset((page - 1) * size);
  return { total: Number(count?.n ?? 0), rows: rows as T['$inferSelect'][] };
}
