import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireLockFile } from './lock-file.ts';

/** The query builder every store uses; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations). */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection cut by the server (restart, dropped test database) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.error('database pool error:', err.message);
    });
    // an idle connection dropped by the server (restart, admin termination) must not crash the
    // process: pg emits it on the pool, and the pool replaces the connection on next use
    pool.on('error', (err) => console.warn(`postgres: idle connection lost: ${err.message}`));
    // numeric and bigint columns arrive as strings: money never passes through a float
    const db = drizzlePg(pool) as unknown as Db;
    await pool.query('select 1');
    return {
      db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: async () => {
        await pool.end();
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
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
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
