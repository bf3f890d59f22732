import type { MessagePort } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
import { arrayLiteral } from './array-literal.ts';

/**
 * What crosses between the server's thread and the embedded database's thread (pglite-thread.ts,
 * pglite-worker.ts), and the PostgreSQL wire messages the database is given.
 *
 * A statement is sent as its text and its parameters already in PostgreSQL's text input format — the way
 * node-postgres sends them on the PostgreSQL server path (utils.prepareValue), which the same application code
 * already runs on: PostgreSQL infers the parameters' types at Parse, so the statement's messages go into the
 * database in ONE call (pglite-prepared.ts), where PGlite's own `query()` makes six (it asks for the
 * parameters' types first to serialise each value by its type). The answer is the database's raw reply bytes,
 * parsed on the server's thread by PGlite's own parser and type parsers (Drizzle passes functions as parsers,
 * and functions cannot cross threads).
 */

type Param = unknown;

/** A value as PostgreSQL's text input format, the way node-postgres prepares it (arrays as array literals). */
export function textParam(value: Param): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value, textParam)!;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value); // number, bigint, boolean
}

/**
 * One step the database thread runs with one call into PGlite: a statement of the extended protocol (with
 * `values`, possibly none) or a script of the simple protocol (`values` absent: migrations, BEGIN, COMMIT).
 */
export interface Step {
  text: string;
  values?: Array<string | null>;
}

export type ThreadRequest =
  /** The steps in order, each answered by its own reply bytes; `sync`: flush to the filesystem afterwards. */
  | { id: number; kind: 'run'; steps: Step[]; sync: boolean }
  /** CHECKPOINT, then a gzipped tar of the data directory (an online backup). */
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

export type ThreadReply =
  | { id: number; outputs: Uint8Array[] }
  | { id: number; bytes: Uint8Array }
  | { id: number; done: true }
  /** Not a database error (those are in the reply bytes): the thread itself failed at this request. */
  | { id: number; failure: string };

/** The first message of the database thread: open, or why it could not open. */
export type ThreadHello = { ready: true } | { ready: false; failure: string };

export interface ThreadOptions {
  /** The data directory of the embedded database; null: in memory (tests). */
  dataDir: string | null;
}

/** What the thread is started with: the options, and where it sends its replies (the hello goes to the parent). */
export interface ThreadData extends ThreadOptions {
  replies: MessagePort;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The wire messages of a script step (simple protocol): what PGlite's `execProtocolRawSync` is given. */
export function scriptMessage(text: string): Uint8Array {
  return concat([protocol.serialize.query(text), protocol.serialize.sync()]);
}
