import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { markedQuery, PREPARED } from './database.ts';

/**
 * Statements marked PREPARED are prepared once per connection under a name on PostgreSQL (parsed, analysed and
 * rewritten once); unmarked ones stay unnamed. PGlite prepares by text on its own (pglite-prepared.test.ts).
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await handle?.dispose();
});

describe.skipIf(!process.env.DATABASE_URL)('statements marked PREPARED on PostgreSQL', () => {
  it('are prepared once per connection by a name of their text, with other values each time', async () => {
    const rows = await handle.database.db.transaction(async (tx) => {
      const values: number[] = [];
      for (const x of [3, 5, 8]) {
        const r = (await tx.execute(sql`${PREPARED}select ${x}::int * 2 as y`)) as unknown as {
          rows: Array<{ y: number }>;
        };
        values.push(r.rows[0]!.y);
      }
      await tx.execute(sql`select ${1}::int as unmarked`);
      expect(values).toEqual([6, 10, 16]);
      return (
        (await tx.execute(sql`select name, statement from pg_prepared_statements order by name`)) as unknown as {
          rows: Array<{ name: string; statement: string }>;
        }
      ).rows;
    });
    expect(rows.filter((r) => r.statement.includes('* 2 as y'))).toHaveLength(1);
    expect(rows.find((r) => r.statement.includes('* 2 as y'))!.name).toMatch(/^tm_[0-9a-f]{20}$/);
    expect(rows.some((r) => r.statement.includes('unmarked'))).toBe(false);
  });

  it('read their array parameters back unchanged, however awkward the elements', async () => {
    const texts = ['', ' lead', 'a b', 'a,b', '{x}', 'say "hi"', 'back\\slash', 'null', 'NULL', 'ü', '1', null];
    const bigints = ['1', '-9223372036854775808', '9223372036854775807', null];
    const flags = [true, false, null];
    const times = ['2026-11-27T13:00:00.000Z', null];
    const r = (await handle.database.db.execute(
      sql`${PREPARED}select ${sql.param(texts)}::text[] as texts, ${sql.param(bigints)}::bigint[]::text[] as bigints,
          ${sql.param(flags)}::boolean[] as flags,
          ${sql.param(times)}::timestamptz[] = array['2026-11-27T13:00:00Z'::timestamptz, null] as times`,
    )) as unknown as { rows: Array<{ texts: unknown; bigints: unknown; flags: unknown; times: boolean }> };
    const row = r.rows[0]!;
    expect(row.texts).toEqual(texts);
    expect(row.bigints).toEqual(bigints);
    expect(row.flags).toEqual(flags);
    expect(row.times).toBe(true);
  });
});

describe('the query of a client that names PREPARED statements', () => {
  const calls: unknown[][] = [];
  const query = markedQuery(
    (...args) => calls.push(args),
    () => 'tm_x',
  );
  const text = '/* prepared */ select $1::text[], $2::int';

  it('names the statement and writes its arrays as literals, whether the values come apart or in the config', () => {
    calls.length = 0;
    // the query builder's shape: the config, then the values
    query({ text }, [['a', 'b c', null], 7]);
    // the driver's own shape: the values inside the config
    query({ text, values: [['x'], 8] });
    expect(calls).toEqual([
      [{ text, name: 'tm_x' }, ['{a,"b c",NULL}', 7]],
      [{ text, name: 'tm_x', values: ['{x}', 8] }],
    ]);
  });

  it('leaves unmarked and already named statements as they are', () => {
    calls.length = 0;
    const plain = { text: 'select $1::text[]' };
    const named = { text, name: 'mine' };
    query(plain, [['a']]);
    query(named, [['a']]);
    expect(calls).toEqual([
      [plain, [['a']]],
      [named, [['a']]],
    ]);
  });
});
