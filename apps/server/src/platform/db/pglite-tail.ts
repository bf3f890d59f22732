import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import type { PgliteTransaction } from './pglite-thread.ts';
import { statementText } from './plain-sql-text.ts';
import type { Tail } from './tail-commit.ts';

/** How drizzle-orm/pglite asks for raw rows: objects, date and time types left as text. */
const ROWS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    // timestamp, timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval, date
    [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]),
  ),
};

/** The PGlite transaction handle behind a query builder's transaction, when it is one (else undefined). */
function handleOf(tx: Db): PgliteTransaction | undefined {
  const client = (tx as unknown as { session?: { client?: Partial<PgliteTransaction> } }).session?.client;
  return typeof client?.keep === 'function' ? (client as PgliteTransaction) : undefined;
}

/**
 * The tail of a transaction on the embedded database (tail-commit.ts for why): its statements are kept by the
 * transaction handle of the database's thread and posted with the COMMIT in one message (pglite-thread.ts,
 * `keep`). Their rows come back parsed as the query builder's own statements on PGlite get them (times as text).
 */
export function pgliteTailOf(tx: Db, dialect: PgDialect): Tail | undefined {
  const handle = handleOf(tx);
  if (!handle) return undefined;
  return {
    add<R extends object>(query: SQL): Promise<R[]> {
      const { text, params } = statementText(query, dialect);
      return handle.keep<R>(text, params, ROWS).then((r) => r.rows);
    },
  };
}
