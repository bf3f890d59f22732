import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import type { Db } from '../platform/db/database.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
// the identities between the ledger and the futures / cycle records
import '../modules/futures/clearing-invariant.ts';
import '../modules/cycle/pool-invariant.ts';

/**
 * npm run ledger:check — reconciles the ledger (balances = postings, every currency sums to zero,
 * nothing negative), the futures clearing identity and the cycle pool's exposure, on one consistent
 * snapshot; prints the result and exits 1 on any break.
 * With the embedded database the server must be stopped (it holds the data directory lock);
 * with DATABASE_URL it runs beside a live server.
 */
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
    : { kind: 'pglite', dataDir: config.dataDir },
);
let exitCode = 0;
try {
  const result = await database.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  if (result.ok) {
    console.log(
      `ledger OK: ${result.accounts} accounts, ${result.transactions} transactions; every currency sums to zero; futures clearing and the cycle pool match their positions and contracts`,
    );
  } else {
    exitCode = 1;
    console.error(`LEDGER BROKEN (${result.problems.length} problems):`);
    for (const p of result.problems) console.error(`  - ${p}`);
  }
} catch (err) {
  exitCode = 2;
  console.error(`ledger check failed: ${(err as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);
