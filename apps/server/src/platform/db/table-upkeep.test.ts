import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { startTableUpkeep, type TableUpkeep } from './table-upkeep.ts';

/**
 * The upkeep analyzes a table once it grew past autovacuum's threshold (50 + 10 % of its rows) and leaves a table
 * that did not alone; on the embedded database it also vacuums a table full of dead rows, at a quiet moment. On both
 * databases.
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let upkeep: TableUpkeep;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.database.exec(`create table upkeep_probe (id bigint primary key, v int not null)`);
  // an hour apart: only the test's own passes run
  upkeep = startTableUpkeep(handle.database, { intervalMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
  await upkeep?.stop();
  await handle?.dispose();
});

/** Writes `statement` and has the change counted at once (the counters are otherwise published within seconds). */
async function write(statement: string): Promise<void> {
  await handle.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(statement));
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

const probe = async () =>
  (
    (await handle.database.db.execute(sql`
      select c.reltuples::bigint::text as rows, s.n_dead_tup::int as dead
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'upkeep_probe'`)) as unknown as {
      rows: Array<{ rows: string; dead: number }>;
    }
  ).rows[0]!;

describe('table upkeep', () => {
  it('analyzes a table that grew past the threshold, so its row count is known to the planner', async () => {
    await write(`insert into upkeep_probe select g, g from generate_series(1, 20) g`);
    expect((await upkeep.runOnce()).analyzed).not.toContain('upkeep_probe');

    await write(`insert into upkeep_probe select g, g from generate_series(21, 5000) g`);
    await vi.waitFor(async () => expect((await upkeep.runOnce()).analyzed).toContain('upkeep_probe'), {
      timeout: 15_000,
      interval: 200,
    });
    expect(Number((await probe()).rows)).toBe(5000);
    // analyzed: nothing to do until it changes again
    expect((await upkeep.runOnce()).analyzed).not.toContain('upkeep_probe');
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'vacuums a table full of dead rows on the embedded database once nothing writes to it',
    async () => {
      await write(`delete from upkeep_probe where id > 1000`);
      // written since the pass before: a vacuum would hold the database's one thread while it is busy
      expect((await upkeep.runOnce()).vacuumed).not.toContain('upkeep_probe');
      await vi.waitFor(async () => expect((await upkeep.runOnce()).vacuumed).toContain('upkeep_probe'), {
        timeout: 15_000,
        interval: 200,
      });
      expect((await probe()).dead).toBe(0);
    },
  );
});
