import { loadConfig } from '../platform/config.ts';
import { systemClock } from '../platform/clock.ts';
import { openDatabase } from '../platform/db/database.ts';
import { PriceService } from '../modules/market/price.service.ts';
import { verificationOf } from '../modules/cycle/verification.ts';

/**
 * npm run cycle:verify -- <id> [<id> …] — recomputes each contract's result from the stored terms
 * and the stored index ticks with the same settle() the server uses, and prints match / mismatch
 * (exit 1 on any mismatch, 2 on an unknown id or error). With the embedded database the server must
 * be stopped (it holds the data directory lock); with DATABASE_URL it runs beside a live server.
 */
const ids = process.argv
  .slice(2)
  .filter((a) => a !== '--')
  .map(Number);
if (!ids.length || ids.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('usage: npm run cycle:verify -- <contract id> [<contract id> …]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
    : { kind: 'pglite', dataDir: config.dataDir },
);
// only stored ticks are read: the price source is never asked for a quote here
const prices = new PriceService(database.db, systemClock, { kind: 'live', quote: async () => [] }, 0);
let exitCode = 0;
try {
  for (const id of ids) {
    const v = await verificationOf(database.db, prices, id);
    if (!v) {
      console.error(`contract ${id}: not found`);
      exitCode = Math.max(exitCode, 2);
      continue;
    }
    const c = v.view;
    const r = v.recomputed;
    console.log(`contract ${id}  ${c.shortcode}`);
    console.log(
      `  terms     ${c.direction} ${c.instrument} ${c.period}s  stake ${c.stake} ${c.currency}  payout ${c.expectedReturn}  committed ${iso(c.committedAt)}  end ${iso(c.endAt)}`,
    );
    console.log(`  ticks     ${v.windowTickCount} stored inside (commit, end]`);
    console.log(`  entry     ${r.entry ? `${r.entry.price} at ${iso(r.entry.ts)}` : '—'}`);
    console.log(`  exit      ${r.exit ? `${r.exit.price} at ${iso(r.exit.ts)}` : '—'}`);
    if (c.status === 'open') {
      console.log('  stored    open (not settled yet): nothing to compare');
      continue;
    }
    console.log(`  stored    ${c.status}${c.refundReason ? ` (${c.refundReason})` : ''}, credit ${c.credit}`);
    console.log(`  recomputed ${r.outcome}${r.refundReason ? ` (${r.refundReason})` : ''}  rule ${v.rules.version}`);
    console.log(
      `  ledger    paid ${v.ledger?.paid ?? '—'} (transaction ${v.ledger?.transactionId ?? '—'}), expected ${v.ledger?.expected}`,
    );
    if (v.matches) console.log('  MATCH');
    else {
      console.log('  MISMATCH');
      exitCode = Math.max(exitCode, 1);
    }
  }
} catch (err) {
  console.error(`cycle verify failed: ${(err as Error).message}`);
  exitCode = 2;
} finally {
  await database.close();
}
process.exit(exitCode);

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
