import { parseArgs } from 'node:util';
import { runChaosKill } from '../reliability/chaos-kill.ts';

/**
 * npm run chaos:kill -- --rounds 20 [--db pglite|postgres] [--port 18250] [--seed N]
 * Starts the real server on a fresh data directory (or a fresh PostgreSQL database on the server named
 * by DATABASE_URL, else the local one), drives orders, cancels, transfers and withdrawals over HTTP,
 * SIGKILLs it at random moments and checks the stored data and the restarted server after each kill.
 * Prints one JSON line per round and a summary; exit 1 when any round found a problem.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    port: { type: 'string', default: '18250' },
    seed: { type: 'string' },
    workers: { type: 'string', default: '6' },
  },
});
const rounds = Number(values.rounds);
const port = Number(values.port);
if (
  !Number.isInteger(rounds) ||
  rounds < 1 ||
  !Number.isInteger(port) ||
  (values.db !== 'pglite' && values.db !== 'postgres')
) {
  console.error(
    'usage: npm run chaos:kill -- --rounds 20 [--db pglite|postgres] [--port 18250] [--seed N] [--workers 6]',
  );
  process.exit(2);
}
const result = await runChaosKill({
  rounds,
  db: values.db,
  port,
  seed: values.seed ? Number(values.seed) : undefined,
  workers: Number(values.workers),
  onRound: (r) => console.log(JSON.stringify(r)),
});
console.log(JSON.stringify({ summary: result.summary }, null, 2));
process.exit(result.summary.ok ? 0 : 1);
