import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Plain SQL migrations in apps/server/migrations, named `<UTC timestamp>_<module>_<what>.sql` so
 * modules written side by side never collide, applied in name order, each once, each in its own
 * transaction. A changed file that was already applied stops start-up (checksums differ).
 * See docs/decisions/0002-migrations.md.
 */
export const MIGRATIONS_DIR = new URL('../../../migrations/', import.meta.url).pathname;

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { db } = database;
  await database.exec(`
    create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    );`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const checksum = crypto.createHash('sha256').update(text).digest('hex');
    if (!/^[0-9]{12}_[a-z0-9_]+\.sql$/.test(file)) throw new Error(`Bad migration file name: ${file}`);
    const found = await db.execute(sql`select checksum from schema_migrations where name = ${file}`);
    const row = (found as unknown as { rows: Array<{ checksum: string }> }).rows[0];
    if (row) {
      if (row.checksum !== checksum) {
        throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead.`);
      }
      continue;
    }
    // A script of many statements goes through the simple protocol, in one transaction.
    try {
      await database.exec(
        `begin;\n${text}\n;insert into schema_migrations (name, checksum) values ('${file}', '${checksum}');\ncommit;`,
      );
    } catch (err) {
      await database.exec('rollback').catch(() => {});
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(file);
  }
  return applied;
}
