import { protocol } from '@electric-sql/pglite';
import { concat, type Step } from './pglite-wire.ts';

/**
 * Named prepared statements for the embedded database, keyed by statement text, on its own thread.
 *
 * The server's statements have a constant text per shape (Drizzle's, and the ledger's `unnest` statements whose
 * rows travel as array parameters), so the database need not parse and analyse the same text for every call: a
 * text seen before is bound to the statement prepared the first time, and PostgreSQL's plan cache may reuse a
 * plan as well. The meaning is unchanged — the parameters' types are inferred from the same text, a plan is
 * re-made when a table it reads changes, and a statement whose call failed is dropped and prepared afresh.
 * The least recently used statement is closed beyond `capacity`, so texts that vary (an IN list of changing
 * length) cannot grow the database's memory.
 */

const SYNC = protocol.serialize.sync();
const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});
const PARSE_COMPLETE = 0x31; // '1'
const ERROR_RESPONSE = 0x45; // 'E'

/** Whether a reply holds an ErrorResponse (walking the messages by their lengths). */
export function hasError(reply: Uint8Array): boolean {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  for (let at = 0; at + 5 <= reply.length; at += 1 + view.getUint32(at + 1)) {
    if (reply[at] === ERROR_RESPONSE) return true;
  }
  return false;
}

/** What runs one call into the database: its wire messages in, its reply bytes out. */
export type RunBytes = (message: Uint8Array) => Uint8Array;

export class PreparedStatements {
  /** text → statement name, least recently used first (a Map keeps insertion order) */
  private readonly names = new Map<string, string>();
  private nextName = 1;
  private readonly capacity: number;

  constructor(capacity = 256) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.names.size;
  }

  /** Runs a statement step (one with `values`) through its prepared statement, preparing it on first use. */
  run(step: Step, call: RunBytes): Uint8Array {
    const values = step.values ?? [];
    const known = this.names.get(step.text);
    if (known) {
      this.names.delete(step.text);
      const reply = call(
        concat([protocol.serialize.bind({ statement: known, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      );
      if (hasError(reply)) this.close(known, call);
      else this.names.set(step.text, known);
      return reply;
    }
    const name = `tm_${this.nextName++}`;
    const reply = call(
      concat([
        protocol.serialize.parse({ name, text: step.text }),
        protocol.serialize.bind({ statement: name, values }),
        DESCRIBE_PORTAL,
        EXECUTE,
        SYNC,
      ]),
    );
    if (reply[0] !== PARSE_COMPLETE) return reply; // not prepared (a syntax error, an aborted transaction)
    if (hasError(reply)) {
      this.close(name, call);
      return reply;
    }
    this.names.set(step.text, name);
    if (this.names.size > this.capacity) {
      const [oldest, oldName] = this.names.entries().next().value!;
      this.names.delete(oldest);
      this.close(oldName, call);
    }
    return reply;
  }

  private close(name: string, call: RunBytes): void {
    call(concat([protocol.serialize.close({ type: 'S', name }), SYNC]));
  }
}
