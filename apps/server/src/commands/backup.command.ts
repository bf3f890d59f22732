import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ControlCommand } from '../platform/control/command.ts';
import { failure, optionsParser } from '../platform/control/command.ts';
import { checkDump, pgDump, writeAtomically } from '../reliability/pglite-backup.ts';

const args = z.object({ out: z.string().min(1).max(4096) }).strict();
type Args = z.infer<typeof args>;

/**
 * backup — a consistent copy of the database while the exchange keeps running.
 * Embedded database: PGlite's own dump of its data directory, taken by the process that holds it (the
 * running server over the control socket, or this command when no server runs), between two
 * transactions; the copy is then loaded into a scratch in-memory database and reconciled, so what is
 * reported is the ledger check of the copy itself. PostgreSQL: pg_dump (one snapshot, no write locks).
 */
export const backupCommand: ControlCommand<Args> = {
  name: 'backup',
  usage: 'usage: npm run backup -- --out <new file>   (embedded database of DATA_DIR, or pg_dump with DATABASE_URL)',
  readOnly: true,
  args,
  // resolved here: the server that may write the file runs in another directory
  parse: optionsParser(args, { out: null }, (values) => (values.out ? { out: path.resolve(values.out) } : {})),
  async run(ctx, a) {
    if (fs.existsSync(a.out)) return failure(`${a.out} already exists: choose a new file.`);
    if (ctx.database.kind === 'postgres') {
      const dumped = pgDump(ctx.config.databaseUrl!, a.out);
      return { stdout: [JSON.stringify({ database: 'postgres', ...dumped })], stderr: [], exitCode: 0 };
    }
    const started = Date.now();
    const bytes = await ctx.database.dumpDataDir!();
    const copiedMs = Date.now() - started;
    writeAtomically(a.out, bytes);
    const ledger = await checkDump(bytes);
    const report = {
      database: 'pglite',
      file: a.out,
      bytes: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      // how long writers waited while the files were copied
      copiedMs,
      ledgerOfCopy: ledger,
    };
    return { stdout: [JSON.stringify(report)], stderr: [], exitCode: ledger.ok ? 0 : 1 };
  },
};
