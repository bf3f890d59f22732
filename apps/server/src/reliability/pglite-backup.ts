import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../platform/db/database.ts';
import { acquireLockFile } from '../platform/db/lock-file.ts';
import { ledgerCheck, type LedgerCheckResult } from '../modules/wallet/ledger-check.ts';

/**
 * Backup and restore helpers. The embedded database's backup is PGlite's own data-directory dump (a
 * gzipped tar of the database files), taken by the process that holds the database between two
 * transactions (commands/backup.command.ts); PostgreSQL's is pg_dump. Both directions prove the copy
 * with the ledger check.
 */

export class BackupError extends Error {}

/** A PostgreSQL backup: pg_dump's custom format (compressed, restorable table by table with pg_restore). */
export function pgDump(databaseUrl: string, outFile: string): { file: string; bytes: number } {
  if (fs.existsSync(outFile)) throw new BackupError(`${outFile} already exists: choose a new file.`);
  const tmp = `${outFile}.partial-${process.pid}`;
  const run = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`, `--dbname=${databaseUrl}`], {
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0) {
    fs.rmSync(tmp, { force: true });
    throw new BackupError(`pg_dump failed: ${(run.error?.message ?? run.stderr).trim()}`);
  }
  fs.renameSync(tmp, outFile);
  return { file: path.resolve(outFile), bytes: fs.statSync(outFile).size };
}

/** Restores a pg_dump file into an existing, empty database. */
export function pgRestore(fromFile: string, databaseUrl: string): void {
  if (!fs.existsSync(fromFile)) throw new BackupError(`${fromFile} does not exist.`);
  const run = spawnSync(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, fromFile],
    { encoding: 'utf8' },
  );
  if (run.error || run.status !== 0)
    throw new BackupError(`pg_restore failed: ${(run.error?.message ?? run.stderr).trim()}`);
}

/** The embedded database lives in `<dataDir>/pglite`; PG_VERSION is there once it was ever created. */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

async function checked(client: PGlite): Promise<LedgerCheckResult> {
  const db = drizzle(client) as unknown as Db;
  return db.transaction((tx) => ledgerCheck(tx as unknown as Db), { isolationLevel: 'repeatable read' });
}

/** Loads a data-directory dump into a scratch in-memory database and reconciles it: the copy's own check. */
export async function checkDump(bytes: Buffer): Promise<LedgerCheckResult> {
  const client = await PGlite.create({ loadDataDir: new Blob([bytes]) });
  try {
    return await checked(client);
  } finally {
    await client.close();
  }
}

/** Written beside the target, flushed and renamed: a crash leaves no half-written backup under the real name. */
export function writeAtomically(outFile: string, bytes: Buffer): void {
  const tmp = `${outFile}.partial-${process.pid}`;
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  fs.writeFileSync(tmp, bytes);
  const fd = fs.openSync(tmp, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(tmp, outFile);
}

export async function restoreDataDir(
  fromFile: string,
  dataDir: string,
): Promise<{ dataDir: string; ledger: LedgerCheckResult }> {
  if (!fs.existsSync(fromFile)) throw new BackupError(`${fromFile} does not exist.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore only into a new or empty directory.`);
  }
  const release = acquireLockFile(dataDir);
  let client: PGlite | null = null;
  try {
    const blob = new Blob([fs.readFileSync(fromFile)]);
    client = await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir: blob });
    const ledger = await checked(client);
    return { dataDir: path.resolve(dataDir), ledger };
  } catch (err) {
    // leave the directory as empty as it was given, so the restore can simply be tried again
    await client?.close().catch(() => {});
    client = null;
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    throw new BackupError(`${fromFile} could not be restored: ${(err as Error).message}`);
  } finally {
    await client?.close();
    release();
  }
}
