import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../platform/db/database.ts';
import { ledgerCheck } from '../modules/wallet/ledger-check.ts';
import { pgRestore, restoreDataDir } from '../reliability/pglite-backup.ts';

/**
 * npm run restore -- --from <file> --data-dir <new or empty dir>
 *   brings an embedded-database backup back into a fresh data directory (start the server with
 *   DATA_DIR=<dir> afterwards);
 * npm run restore -- --from <file> --database-url <url of an empty PostgreSQL database>
 *   pg_restore of a pg_dump file (one transaction: all or nothing).
 * Prints one JSON line with the ledger check of the restored data; exit 1 if it does not reconcile.
 */
const { values } = parseArgs({
  options: { from: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
});
if (!values.from || (!values['data-dir'] && !values['database-url'])) {
  console.error('usage: npm run restore -- --from <file> (--data-dir <empty dir> | --database-url <empty database>)');
  process.exit(2);
}
try {
  if (values['database-url']) {
    pgRestore(values.from, values['database-url']);
    const database = await openDatabase({ kind: 'postgres', url: values['database-url'], poolSize: 1 });
    try {
      const ledger = await database.db.transaction((tx) => ledgerCheck(tx as unknown as Db), {
        isolationLevel: 'repeatable read',
      });
      console.log(JSON.stringify({ database: 'postgres', ledger }));
      if (!ledger.ok) process.exitCode = 1;
    } finally {
      await database.close();
    }
  } else {
    const result = await restoreDataDir(values.from, values['data-dir']!);
    console.log(JSON.stringify({ database: 'pglite', ...result }));
    if (!result.ledger.ok) process.exitCode = 1;
  }
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exitCode = 2;
}
