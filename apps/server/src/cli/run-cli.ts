import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { commands } from '../commands/index.ts';
import { systemClock } from '../platform/clock.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import {
  errorLine,
  failure,
  runCommand,
  type CommandOutput,
  type ControlCommand,
} from '../platform/control/command.ts';
import { NotAnsweringError, sendControlCommand } from '../platform/control/control-client.ts';
import { controlSocketPath } from '../platform/control/control-protocol.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../platform/db/database.ts';
import { DataDirLockedError, lockOwner } from '../platform/db/lock-file.ts';
import { migrate } from '../platform/db/migrate.ts';

/**
 * What `npm run <command>` does: with DATABASE_URL it connects directly (beside a running server);
 * with the embedded database it refuses a directory that holds none (touching nothing), sends the
 * command to the server over the control socket when a live server holds the directory, and
 * otherwise opens the database itself. Every failure is one line, never a stack trace.
 */
export async function runCli(name: string, argv: string[] = process.argv.slice(2)): Promise<never> {
  const command = commands.get(name);
  let output: CommandOutput;
  if (!command) output = failure(`unknown command "${name}"`);
  else {
    const args = command.parse(argv.filter((a) => a !== '--'));
    output = args === null ? failure(command.usage) : await execute(command, args);
  }
  for (const line of output.stdout) process.stdout.write(`${line}\n`);
  for (const line of output.stderr) process.stderr.write(`${line}\n`);
  process.exit(output.exitCode);
}

async function execute(command: ControlCommand, args: unknown): Promise<CommandOutput> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    return failure(errorLine(err).replace(/\n\s*/g, ' '));
  }
  try {
    if (config.databaseUrl) {
      return await direct(command, args, config, { kind: 'postgres', url: config.databaseUrl, poolSize: 2 });
    }
    const dir = config.dataDir;
    if (!hasEmbeddedDatabase(dir)) {
      return failure(
        `No Tidemark database in ${dir}: start the server there once (npm start), or set DATA_DIR to its data directory.`,
      );
    }
    const owner = lockOwner(dir);
    if (owner) return await viaServer(command, args, dir, owner);
    try {
      return await direct(command, args, config, { kind: 'pglite', dataDir: dir });
    } catch (err) {
      // a server took the directory between the look and the open
      const started = err instanceof DataDirLockedError ? lockOwner(dir) : null;
      if (started) return await viaServer(command, args, dir, started);
      throw err;
    }
  } catch (err) {
    return failure(`${command.name} failed: ${errorLine(err)}`);
  }
}

/** PGlite writes PG_VERSION when it creates a data directory: without it there is nothing to open. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

async function viaServer(command: ControlCommand, args: unknown, dir: string, owner: number): Promise<CommandOutput> {
  const socket = controlSocketPath(dir);
  try {
    const response = await sendControlCommand(socket, command.name, args);
    return response.ok ? response.output : failure(`${command.name} failed in the server: ${response.error}`);
  } catch (err) {
    if (!(err instanceof NotAnsweringError)) throw err;
    return failure(
      `The data directory ${dir} is in use by process ${owner}, which does not answer on ${socket}: wait until it has started, or stop it and run the command again.`,
    );
  }
}

async function direct(
  command: ControlCommand,
  args: unknown,
  config: Config,
  target: DatabaseTarget,
): Promise<CommandOutput> {
  let database: Database;
  try {
    database = await openDatabase(target);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err;
    return failure(`Cannot open the database ${describe(target)}: ${errorLine(err)}`);
  }
  try {
    const found = await database.db.execute(sql`select to_regclass('public.schema_migrations') as t`);
    if (!(found as unknown as { rows: Array<{ t: string | null }> }).rows[0]?.t) {
      return failure(`No Tidemark database in ${describe(target)}: start the server on it once (npm start).`);
    }
    // a command that writes brings an older database up to the schema its code expects
    if (!command.readOnly) await migrate(database);
    return await runCommand(
      commands,
      { config, database, db: database.db, clock: systemClock, services: {} },
      command.name,
      args,
    );
  } finally {
    await database.close();
  }
}

function describe(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return String(target.dataDir);
  const url = new URL(target.url);
  url.password = '';
  return url.toString();
}
