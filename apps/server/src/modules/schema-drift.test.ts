import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';

/**
 * The Drizzle table definitions (what the code queries) and the SQL migrations (what the database
 * is) are written separately (docs/decisions/0002); this test fails when they disagree.
 */
const srcDir = path.resolve(import.meta.dirname, '..');

function schemaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return schemaFiles(p);
    return e.name.endsWith('.schema.ts') ? [p] : [];
  });
}

// Drizzle's SQL type → the udt_name PostgreSQL reports
function udtOf(sqlType: string): string {
  const base = sqlType.replace(/\(.*\)/, '').trim();
  const map: Record<string, string> = {
    bigint: 'int8',
    integer: 'int4',
    smallint: 'int2',
    boolean: 'bool',
    'timestamp with time zone': 'timestamptz',
    timestamp: 'timestamp',
    'text[]': '_text',
    'double precision': 'float8',
  };
  return map[base] ?? base;
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.dispose();
});

describe('Drizzle schema matches the migrated database', () => {
  it('every declared column exists with the same type and nullability', async () => {
    const tables: PgTable[] = [];
    for (const file of schemaFiles(srcDir)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(mod)) if (is(value, PgTable)) tables.push(value);
    }
    expect(tables.length).toBeGreaterThan(0);
    const result = await db.database.db.execute(
      sql`select table_name, column_name, udt_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows;
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
    const problems: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const found = actual.get(key);
        if (!found) {
          problems.push(`${key}: missing in the database`);
          continue;
        }
        if (udtOf(column.getSQLType()) !== found.udt_name) {
          problems.push(`${key}: drizzle ${column.getSQLType()} vs database ${found.udt_name}`);
        }
        if (column.notNull !== (found.is_nullable === 'NO')) {
          problems.push(`${key}: drizzle notNull=${column.notNull} vs database nullable=${found.is_nullable}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
