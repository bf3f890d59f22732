import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (dropped again by `dispose`).
 */
export async function createTestDatabase(options: { postgresSettings?: Record<string, string> } = {}): Promise<{
  database: Database;
  url: string | null;
  dispose(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrate(database);
    return { database, url: null, dispose: () => database.close() };
  }
  const name = `tidemark_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  for (const [setting, value] of Object.entries(options.postgresSettings ?? {})) {
    if (!/^[a-z_]+$/.test(setting) || !/^[a-z0-9_]+$/.test(value)) throw new Error(`bad setting ${setting}`);
    await admin.query(`alter database ${name} set ${setting} = ${value}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
