import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../platform/db/database.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
import { BackupError, backupDataDir, pgDump } from '../reliability/pglite-backup.ts';

/**
 * npm run backup -- --out <file> [--data-dir <dir>]
 * The embedded database (DATA_DIR, default ./data): a consistent copy taken while the server is
 * stopped (the command holds the data directory's lock and refuses while a server runs on it).
 * With DATABASE_URL: pg_dump in its custom format, beside the running server. Prints one JSON line
 * with the file, its size and the ledger check of what was copied.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!values.out) {
  console.error(
    'usage: npm run backup -- --out <file> [--data-dir <dir>]   (with DATABASE_URL: pg_dump of that database)',
  );
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
try {
  if (databaseUrl) {
    const dumped = pgDump(databaseUrl, values.out);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
    try {
      const ledger = await database.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      console.log(JSON.stringify({ database: 'postgres', ...dumped, ledgerAfterDump: ledger }));
    } finally {
      await database.close();
    }
  } else {
    const result = await backupDataDir(values['data-dir'] ?? process.env.DATA_DIR ?? './data', values.out);
    console.log(JSON.stringify({ database: 'pglite', ...result }));
    if (!result.ledger.ok) process.exitCode = 1;
  }
} catch (err) {
  // a refusal is one line (locked directory, no database, existing file), never a stack trace
  console.error(`backup failed: ${(err as Error).message}`);
  process.exitCode = err instanceof BackupError ? 2 : 1;
}
