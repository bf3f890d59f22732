import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Db } from '../platform/db/database.ts';
import { runLedgerSim } from './ledger-sim.ts';

/**
 * A short seed of the ledger simulator (the full run is `npm run sim:ledger -- --ops 1000000`): every
 * kind of operation, refusal and injected fault happens, every invariant holds after every step, and
 * the database ends reconciled and equal to the model.
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.database.db;
}, 180_000);
afterAll(async () => {
  await handle?.dispose();
});

describe('ledger simulator', () => {
  it('keeps every invariant over a seeded run of 2,000 operations', async () => {
    const report = await runLedgerSim(db, { ops: 2000, seed: 7, reconcileEvery: 500 });
    expect(report.finalReconciliation).toMatchObject({ ok: true, problems: [], modelAgrees: true });
    expect(report.invariantChecks.fullReconciliations).toBe(5);
    for (const kind of ['order', 'cancel', 'transfer', 'withdrawApply', 'withdrawResolve', 'abortedTransaction']) {
      expect(report.operations[kind], kind).toBeGreaterThan(0);
    }
    expect(report.trades).toBeGreaterThan(50);
    expect(report.faultsInjected).toBeGreaterThan(0);
    for (const refusal of ['insufficient_balance', 'duplicate_request_answered_once', 'unbalanced_entry']) {
      expect(report.refusals[refusal], refusal).toBeGreaterThan(0);
    }
    // the thrown-away transactions left no journal entry behind: every journal row is one of a committed step
    const [row] = (
      (await db.execute(sql`select count(*)::int as n from ledger_transactions where kind = 'hold'`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(row?.n).toBe(0);
  }, 900_000);

  it('replays the same run from the same seed', async () => {
    const a = await runLedgerSim(db, { ops: 150, seed: 11, reconcileEvery: 150 });
    const b = await runLedgerSim(db, { ops: 150, seed: 11, reconcileEvery: 150 });
    expect(b.operations).toEqual(a.operations);
    expect(b.refusals).toEqual(a.refusals);
    expect(b.trades).toBe(a.trades);
  }, 180_000);
});
