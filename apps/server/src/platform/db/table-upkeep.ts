import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Keeps the planner's picture of the tables current as they grow, the way PostgreSQL's autovacuum does —
 * which the embedded database does not have at all, and a PostgreSQL server only gets to once a minute.
 *
 * Why it matters: the money path's statements are prepared once per connection (and the journal's and trades'
 * checks are PL/pgSQL, whose plans are cached per session too). A plan made while a table was small — on a fresh
 * exchange, the first minutes — treats a scan of the whole table as the cheapest way to find a few rows by id, and
 * keeps doing so as the table grows, until the table is analyzed (which invalidates the cached plans). Measured on
 * the spot group's write: a hashed scan of every spot order per group (16 ms at 20,000 orders, growing with every
 * order) where an index lookup per trade was meant. On the embedded database, nothing would ever analyze.
 *
 * Every `intervalMs`, one read of the tables' change counters; a table is analyzed once the rows changed since its
 * last analysis pass autovacuum's default threshold (50 + 10 % of its rows), and — on the embedded database, where
 * nothing else reclaims them — vacuumed once its dead rows pass 50 + 20 % and nothing was written to it since the
 * pass before: a vacuum holds the embedded database's one thread for as long as it runs, and under load that
 * halved the orders per second (bench:http at 256 connections, load average 3–7: 1,276–1,667 against
 * 3,084–3,434 orders/s without the upkeep), so it waits for a quiet moment. On PostgreSQL `skip_locked` leaves a
 * table autovacuum is working on to autovacuum.
 */
export interface TableUpkeep {
  /** One pass now (tests; the timer calls it too). Resolves to the tables analyzed and vacuumed. */
  runOnce(): Promise<{ analyzed: string[]; vacuumed: string[] }>;
  /** No pass after this one; resolves once a pass under way has ended. */
  stop(): Promise<void>;
}

interface TableCounters extends Record<string, unknown> {
  name: string;
  rows: string;
  changed: string;
  dead: string;
  writes: string;
}

const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
/**
 * The sample of these passes: 300 × 10 rows instead of the default 300 × 100. What the plans need from them is the
 * tables' sizes and the spread of their keys, which a small sample gives; the default sample's cost grows with the
 * table up to 30,000 rows sorted per column, and a growing table is analyzed every few seconds (bench:http,
 * PostgreSQL, pg_stat_statements: the passes over the spot orders alone 446 ms each, a fifth of the database's
 * time in a run). Autovacuum and a hand-run ANALYZE keep the default.
 */
const STATISTICS_TARGET = 10;

/** A table name as an identifier (names come from the catalog; quoted all the same). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function startTableUpkeep(
  database: Database,
  options: { intervalMs: number; onError?: (err: unknown) => void },
): TableUpkeep {
  let running: Promise<{ analyzed: string[]; vacuumed: string[] }> | null = null;
  let stopped = false;
  /** Each table's count of written rows at the last pass: unchanged since, the table is quiet. */
  const writesAt = new Map<string, string>();

  const pass = async () => {
    const read = (await database.db.execute(sql`
      select s.relname as name, greatest(c.reltuples, 0)::bigint::text as rows,
        s.n_mod_since_analyze::text as changed, s.n_dead_tup::text as dead,
        (s.n_tup_ins + s.n_tup_upd + s.n_tup_del)::text as writes
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()`)) as unknown as { rows: TableCounters[] };
    const analyzed: string[] = [];
    const vacuumed: string[] = [];
    const embedded = database.kind === 'pglite';
    for (const t of read.rows) {
      if (stopped) break;
      const rows = Number(t.rows);
      const quiet = writesAt.get(t.name) === t.writes;
      writesAt.set(t.name, t.writes);
      const vacuum = embedded && quiet && Number(t.dead) > VACUUM_BASE + VACUUM_SHARE * rows;
      const analyze = Number(t.changed) > ANALYZE_BASE + ANALYZE_SHARE * rows;
      if (!vacuum && !analyze) continue;
      if (vacuum) await database.exec(`vacuum ${ident(t.name)}`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
        await tx.execute(sql.raw(`${embedded ? 'analyze' : 'analyze (skip_locked)'} ${ident(t.name)}`));
      });
      (vacuum ? vacuumed : analyzed).push(t.name);
    }
    return { analyzed, vacuumed };
  };

  const runOnce = () => {
    // one pass at a time: a slow one is not stacked on by the timer
    running ??= pass().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((err: unknown) => options.onError?.(err));
  }, options.intervalMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
