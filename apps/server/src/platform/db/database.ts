import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireLockFile } from './lock-file.ts';
import { StatementTrace } from './statement-trace.ts';
import { oneTripClient } from './pglite-one-trip.ts';

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
   * PostgreSQL only: a connection of its own for the spot group commit, which runs one transaction at a time.
   * On the shared pool a group waited, under load, for a connection other modules' transactions held (tens of
   * milliseconds added to every order of the group); with its own it never waits for one.
   */
  groupCommit?: Db;
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  /**
   * The embedded database only: a gzipped tar of its data directory taken at a transaction boundary
   * while the process keeps running (an online backup). Absent on PostgreSQL, where pg_dump does it.
   */
  dumpDataDir?(): Promise<Buffer>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
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
    const committing = new pg.Pool({ connectionString: target.url, max: 1 });
    committing.on('error', () => {});
    return {
      db,
      autocommit: drizzlePg(apart) as unknown as Db,
      groupCommit: drizzlePg(committing) as unknown as Db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: async () => {
        await Promise.all([pool.end(), apart.end(), committing.end()]);
      },
    };
  }
  let release = () => {};
  let client: PGlite;
  if (target.dataDir) {
    release = acquireLockFile(target.dataDir);
    try {
      client = await PGlite.create(path.join(target.dataDir, 'pglite'));
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
  const trace = process.env.DB_TRACE ? new StatementTrace(process.env.DB_TRACE) : null;
  // each statement one call into the WebAssembly database, not six (pglite-one-trip.ts)
  const fast = oneTripClient(client);
  const db = drizzlePglite(trace ? trace.wrap(fast) : fast) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    dumpDataDir: async () => {
      // flush dirty pages first, so a restore replays little WAL
      await client.exec('CHECKPOINT');
      // Holding PGlite's transaction lock keeps every multi-statement transaction out while the files
      // are copied, and dumpDataDir itself holds the query lock: the copy sits between transactions.
      const dump = await client.transaction(() => client.dumpDataDir('gzip'));
      return Buffer.from(await dump.arrayBuffer());
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
