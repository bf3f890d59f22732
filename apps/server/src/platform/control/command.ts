import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Services } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { t } from '../i18n/messages.ts';

/**
 * An operator command (`npm run ledger:check`, …) as one typed entry of a table: the same handler
 * runs in the command-line process when it can open the database itself, and inside the running
 * server when the server holds the embedded database (it is then sent over the control socket). So
 * the output a person sees is the same either way, and a new command is one more entry.
 */
export interface CommandContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** The running server's services (its ledger, audit log…); empty in the command-line process. */
  services: Services;
}

/** What a command prints, line by line, and how the process exits (0 ok, 1 a finding, 2 an error). */
export interface CommandOutput {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

export interface ControlCommand<A = unknown> {
  /** The npm script's name, e.g. "ledger:check". */
  name: string;
  usage: string;
  /** Reads only: no migration is applied before it runs directly on the database. */
  readOnly: boolean;
  /** The arguments as they travel (JSON), checked again by the server. */
  args: z.ZodType<A>;
  /** argv (after `--`) → arguments, or null for a usage error. */
  parse(argv: string[]): A | null;
  run(ctx: CommandContext, args: A): Promise<CommandOutput>;
}

/** The `args` and `parse` of a command that takes no arguments. */
export const noArgs: Pick<ControlCommand<Record<string, never>>, 'args' | 'parse'> = {
  args: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  parse: (argv) => (argv.length ? null : {}),
};

/**
 * A command's `parse` for `--name value` options, all strings: `options` names each with its default (null: none),
 * `shape` turns the values read into the arguments `schema` checks. An option parseArgs refuses (unknown, or
 * without its value) and arguments the schema refuses are both usage errors (null).
 */
export function optionsParser<A>(
  schema: z.ZodType<A>,
  options: Record<string, string | null>,
  shape: (values: Record<string, string | undefined>) => unknown = (values) => values,
): (argv: string[]) => A | null {
  const config: ParseArgsOptionsConfig = Object.fromEntries(
    Object.entries(options).map(([name, value]) => [
      name,
      value === null ? { type: 'string' } : { type: 'string', default: value },
    ]),
  );
  return (argv) => {
    let values;
    try {
      values = parseArgs({ args: argv, options: config }).values;
    } catch {
      return null;
    }
    const parsed = schema.safeParse(shape(values as Record<string, string | undefined>));
    return parsed.success ? parsed.data : null;
  };
}

export type CommandTable = ReadonlyMap<string, ControlCommand<any>>;

export function commandTable(commands: ControlCommand<any>[]): CommandTable {
  return new Map(commands.map((c) => [c.name, c]));
}

export function failure(message: string, exitCode = 2): CommandOutput {
  return { stdout: [], stderr: [message], exitCode };
}

/** An error as one readable line: a domain error in English, anything else by its message. */
export function errorLine(err: unknown): string {
  if (err instanceof AppError) return t('en_us', err.messageKey, err.params);
  return err instanceof Error ? err.message : String(err);
}

/** Looks a command up, checks its arguments and runs it; never throws. */
export async function runCommand(
  table: CommandTable,
  ctx: CommandContext,
  name: string,
  rawArgs: unknown,
): Promise<CommandOutput> {
  const command = table.get(name);
  if (!command) return failure(`unknown command "${name}"; known: ${[...table.keys()].join(', ')}`);
  const parsed = command.args.safeParse(rawArgs);
  if (!parsed.success) return failure(command.usage);
  try {
    return await command.run(ctx, parsed.data);
  } catch (err) {
    return failure(`${name} failed: ${errorLine(err)}`);
  }
}
