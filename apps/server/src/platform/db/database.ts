import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { arrayLiteral } from './array-literal.ts';
import { acquireLockFile } from './lock-file.ts';
import { PREPARED_MARK, statementNames } from './prepared-mark.ts';
import { StatementTrace } from './statement-trace.ts';
import { TailCommit } from './tail-commit.ts';
import { PgliteThread } from './pglite-thread.ts';

/** The query builder every store uses; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: a second, small pool for short statements that must commit on their own while a caller's
   * transaction is open (creating a ledger account at zero). Apart from the main pool, so it is never starved
   * by transactions that wait for it.
   */
  autocommit?: Db;
  /**
   * PostgreSQL only: connections of their own for the spot group commit (one per group in flight: the next groups
   * start while one commits), in transactions whose last statements go with their COMMIT (tail-commit.ts). On the shared pool a
   * group waited, under load, for a connection other modules' transactions held (tens of milliseconds added to
   * every order of the group); with its own it never waits for one.
   */
  groupCommit?: TailCommit;
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /**
   * The embedded database only: a gzipped tar of its data directory taken at a transaction boundary
   * while the process keeps running (an online backup). Absent on PostgreSQL, where pg_dump does it.
   */
  dumpDataDir?(): Promise<Buffer>;
  /**
   * The embedded database only: settles the statements whose replies have arrived from its thread now, not when
   * the event loop gets to them (pglite-thread.ts, `poll`).
   */
  poll?(): void;
  close(): Promise<void>;
}

export { PREPARED } from './prepared-mark.ts';

/**
 * Names statements that start with the PREPARED mark, on every connection the pool opens, and writes their array
 * parameters as literals itself (array-literal.ts: the driver's own conversion escaped every element).
 */
function prepareMarked(pool: pg.Pool): void {
  const nameOf = statementNames('tm_');
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = markedQuery(query, nameOf);
  });
}

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * A client's `query` that names a PREPARED statement and writes its array parameters as literals. The values
 * come either in the config (`{ text, values }`) or — as the query builder sends them — as the second argument.
 */
export function markedQuery(query: Query, nameOf: (text: string) => string): Query {
  return (config, ...rest) => {
    const c = config as { text?: unknown; name?: unknown; values?: unknown } | null;
    if (!c || typeof c !== 'object' || c.name || typeof c.text !== 'string' || !c.text.startsWith(PREPARED_MARK)) {
      return query(config, ...rest);
    }
    const named = { ...c, name: nameOf(c.text) };
    if (Array.isArray(rest[0])) return query(named, rest[0].map(literalArrays), ...rest.slice(1));
    return query(Array.isArray(c.values) ? { ...named, values: c.values.map(literalArrays) } : named, ...rest);
  };
}

const literalArrays = (v: unknown) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v);

/** The spot group commit's connections: one per group in flight (spot-committer.ts, PIPELINE_DEPTH). */
const GROUP_COMMIT_CONNECTIONS = 3;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    prepareMarked(pool);
    // an idle connection dropped by the server (restart, admin termination, a dropped test database)
    // must not crash the process: pg emits it on the pool, and the pool replaces it on next use
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`postgres: idle connection lost: ${err.message}`);
    });
    // numeric and bigint columns arrive as strings: money never passes through a float
    const db = drizzlePg(pool) as unknown as Db;
    await pool.query('select 1');
    const apart = new pg.Pool({ connectionString: target.url, max: 2 });
    apart.on('error', () => {});
    const committing = new pg.Pool({ connectionString: target.url, max: GROUP_COMMIT_CONNECTIONS });
    prepareMarked(committing);
    committing.on('error', () => {});
    return {
      db,
      autocommit: drizzlePg(apart) as unknown as Db,
      groupCommit: new TailCommit(committing),
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: async () => {
        await Promise.all([pool.end(), apart.end(), committing.end()]);
      },
    };
  }
  const release = target.dataDir ? acquireLockFile(target.dataDir) : () => {};
  let thread: PgliteThread;
  try {
    // the database's CPU on a thread of its own, one message per statement (pglite-thread.ts)
    thread = await PgliteThread.open({ dataDir: target.dataDir });
  } catch (err) {
    release();
    throw err;
  }
  const trace = process.env.DB_TRACE ? new StatementTrace(process.env.DB_TRACE) : null;
  const client = trace ? trace.wrap(thread) : thread;
  const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await thread.exec(sqlText);
    },
    // between two transactions: the thread takes the transaction turn for the copy
    dumpDataDir: () => thread.dumpDataDir(),
    poll: () => thread.poll(),
    close: async () => {
      try {
        await thread.close();
      } finally {
        release();
      }
    },
  };
}
