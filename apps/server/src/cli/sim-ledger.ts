import { parseArgs } from 'node:util';
import { createTestDatabase } from '../testing/test-database.ts';
import { InvariantBroken, runLedgerSim } from '../reliability/ledger-sim.ts';

/**
 * npm run sim:ledger -- --ops 1000000 --seed 42 [--users 8] [--reconcile-every 10000] [--durable]
 * The seeded ledger simulator on a scratch database: in-memory PGlite, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped afterwards). Prints one JSON report; exit 1 with
 * the seed and step when an invariant breaks (the same seed replays the same run).
 *
 * On PostgreSQL the scratch database commits without waiting for the disk (`synchronous_commit = off`)
 * unless `--durable` is given: the simulator checks the ledger's rules, which do not depend on the
 * flush, and a million sequential steps would otherwise spend hours waiting on fsync. Durability
 * under a crash is what `chaos:kill` proves, on the server's real settings.
 */
const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    users: { type: 'string', default: '8' },
    'reconcile-every': { type: 'string', default: '10000' },
    quiet: { type: 'boolean', default: false },
    durable: { type: 'boolean', default: false },
  },
});
const int = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer (got ${v})`);
    process.exit(2);
  }
  return n;
};
const ops = int('ops', values.ops);
const seed = int('seed', values.seed);
const users = int('users', values.users);
const reconcileEvery = int('reconcile-every', values['reconcile-every']);

const scratch = await createTestDatabase({
  postgresSettings: values.durable ? {} : { synchronous_commit: 'off' },
});
let code = 0;
try {
  const report = await runLedgerSim(scratch.database.db, {
    ops,
    seed,
    users,
    reconcileEvery,
    onProgress: values.quiet
      ? undefined
      : (done, ms) => process.stderr.write(`  ${done} ops, ${Math.round(done / (ms / 1000))} ops/s\n`),
  });
  console.log(JSON.stringify({ database: scratch.database.kind, ...report }, null, 2));
} catch (err) {
  code = 1;
  console.error(err instanceof InvariantBroken ? err.message : err);
} finally {
  await scratch.dispose();
}
process.exit(code);
