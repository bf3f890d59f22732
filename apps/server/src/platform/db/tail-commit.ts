import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { arrayLiteral } from './array-literal.ts';
import { pgliteTailOf } from './pglite-tail.ts';
import { statementText } from './plain-sql-text.ts';
import type { Db } from './database.ts';
import { PREPARED_MARK, statementNames } from './prepared-mark.ts';

/**
 * Transactions whose last statements travel to the server in one message with their COMMIT (PostgreSQL, the spot
 * group commit's connections; docs/decisions/0009-batched-ledger.md, "The tail").
 *
 * Why: a group's last statements (the check that the group before committed and the balances it was decided on
 * still hold, its write) and its COMMIT went one round trip each, and between two of them the reply waited for
 * the server's event loop — busy reading the next orders — before the next statement left. Measured under
 * `bench:http`, those waits were more than half of each group's time on the database's critical path. Sent as
 * one simple-protocol message, they run back to back inside the database the moment the group before has ended.
 *
 * Its BEGIN travels the same way, with its first statement when that one is a PREPARED statement already prepared
 * on the connection (`begin; execute name(literals…)`): one round trip fewer before the group can be decided.
 *
 * How: `tail.add(query)` keeps a statement (it is not sent yet) and returns a promise of its rows; when the
 * transaction's function has returned, every kept statement and COMMIT go as one message — each statement as
 * `EXECUTE name(literals…)` of a statement prepared once per connection by its text (the values written as quoted
 * literals, which the server coerces to the prepared parameter types: arrays as array literals, as the driver
 * would send them). The server runs them in order and stops at the first error, so nothing after a failed
 * statement runs and COMMIT is never reached: the transaction is rolled back and every kept promise rejects with
 * that error. Statements added to a tail must have constant text with typed parameters (`$1::bigint[]`).
 */
export interface Tail {
  add<R extends object = Record<string, unknown>>(query: SQL): Promise<R[]>;
}

interface Kept {
  text: string;
  params: unknown[];
  resolve: (rows: object[]) => void;
  reject: (err: unknown) => void;
}

class KeptStatements implements Tail {
  readonly kept: Kept[] = [];
  add<R extends object>(query: SQL): Promise<R[]> {
    // the kept statements are plain templates: their text without the query builder's general walk
    const { text, params } = statementText(query, tailDialect);
    return new Promise<R[]>((resolve, reject) => {
      this.kept.push({ text, params, resolve: resolve as (rows: object[]) => void, reject });
    });
  }
  rejectAll(err: unknown): void {
    for (const k of this.kept.splice(0)) k.reject(err);
  }
}

/** The query builder's SQL writer, for a kept statement the plain walk does not take (both databases' tails). */
const tailDialect = new PgDialect();

const tails = new WeakMap<object, KeptStatements>();

interface Connection {
  db: Db;
  prepared: Set<string>;
  /** BEGIN is owed: it goes with the next statement. */
  beginPending: boolean;
  /** A BEGIN sent on its own, awaited before the COMMIT (a failed one fails the transaction). */
  began: Promise<void> | null;
}

interface QueryConfig {
  text?: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  types?: unknown;
}

/**
 * The tail of the transaction `tx` belongs to, when it runs on a TailCommit or on the embedded database's thread
 * (pglite-tail.ts); else undefined: send at once.
 */
export function tailOf(tx: Db): Tail | undefined {
  return tails.get(tx) ?? pgliteTailOf(tx, tailDialect);
}

export class TailCommit {
  private readonly pool: pg.Pool;
  /** Per connection: its query builder, the statements prepared on it by name, and a BEGIN not sent yet. */
  private readonly clients = new WeakMap<pg.PoolClient, Connection>();
  /** SQL's PREPARE names: apart from the protocol's (database.ts), which share the connection's namespace. */
  private readonly nameOf = statementNames('tmt_');

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /**
   * Runs `fn` in one transaction on a connection of the pool; the statements it added to `tailOf(tx)` are sent with
   * the COMMIT once it returns. `fn` failing, or any of them failing, rolls the transaction back. A kept
   * statement's promise settles only after `fn` has returned: `fn` must not await it, nor return it.
   */
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const state = this.clients.get(client) ?? this.adopt(client);
    const tail = new KeptStatements();
    let broken: Error | undefined;
    try {
      // sent with the transaction's first statement (see adopt)
      state.began = null;
      state.beginPending = true;
      tails.set(state.db, tail);
      let value: T;
      try {
        value = await fn(state.db);
      } finally {
        tails.delete(state.db);
      }
      if (state.beginPending) {
        // nothing ran: nothing to commit
        state.beginPending = false;
        tail.rejectAll(new Error('tail: a transaction with no statement before its tail'));
        return value;
      }
      await state.began;
      await this.commit(client, state.prepared, tail);
      return value;
    } catch (err) {
      tail.rejectAll(err);
      state.beginPending = false;
      try {
        await client.query('rollback');
      } catch (e) {
        // the connection is gone or unusable: the pool must not hand it out again
        broken = e as Error;
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * A connection seen for the first time: its query builder, and its `query` wrapped so that a pending BEGIN goes
   * with the first statement. That statement merges into one simple-protocol message when it is a PREPARED one
   * (constant text, typed parameters) already prepared here by SQL name; else BEGIN is queued before it (the driver
   * sends queued queries in order) and, for a PREPARED one, a PREPARE before that, so the next transaction merges.
   */
  private adopt(client: pg.PoolClient): Connection {
    const state: Connection = {
      db: drizzlePg(client) as unknown as Db,
      prepared: new Set(),
      beginPending: false,
      began: null,
    };
    this.clients.set(client, state);
    const inner = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult | pg.QueryResult[]>;
    (client as unknown as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (!state.beginPending) return inner(config, ...rest);
      state.beginPending = false;
      const c = (typeof config === 'string' ? { text: config } : config) as QueryConfig;
      const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : (c.values ?? []);
      const plain = typeof c.text !== 'string' || !c.text.startsWith(PREPARED_MARK) || c.rowMode || c.name;
      const name = plain ? '' : this.nameOf(c.text!);
      if (plain || !state.prepared.has(name) || rest.length > 1) {
        if (!plain && !state.prepared.has(name)) {
          // outside the transaction: a statement that cannot be prepared must not abort it
          inner(`prepare ${name} as ${c.text}`).then(
            () => state.prepared.add(name),
            () => {},
          );
        }
        state.began = inner('begin').then(() => {});
        state.began.catch(() => {});
        return inner(config, ...rest);
      }
      const message = `begin;\nexecute ${name}(${values.map(literal).join(', ')})`;
      const merged = { text: message, ...(c.types ? { types: c.types } : {}) };
      return (inner(merged) as Promise<pg.QueryResult[]>).then((results) => results[results.length - 1]!);
    };
    return state;
  }

  private async commit(client: pg.PoolClient, prepared: Set<string>, tail: KeptStatements): Promise<void> {
    const kept = tail.kept.splice(0);
    if (!kept.length) {
      await client.query('commit');
      return;
    }
    let message = '';
    for (const k of kept) {
      const name = this.nameOf(k.text);
      if (!prepared.has(name)) {
        // once per connection, on its own: a PREPARE skipped by an earlier failure in the same message would
        // leave this set wrong
        await client.query(`prepare ${name} as ${k.text}`);
        prepared.add(name);
      }
      message += k.params.length ? `execute ${name}(${k.params.map(literal).join(', ')});\n` : `execute ${name};\n`;
    }
    message += 'commit';
    let results: pg.QueryResult[];
    try {
      results = (await client.query(message)) as unknown as pg.QueryResult[];
    } catch (err) {
      for (const k of kept) k.reject(err);
      throw err;
    }
    // one result per statement of the message: the kept ones in order, then COMMIT's
    kept.forEach((k, i) => k.resolve(results[i]!.rows));
  }
}

const NEEDS_ESCAPE = /['\\]/;

/** A parameter as a quoted SQL literal of unknown type (the prepared statement's parameter type applies). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (Array.isArray(value)) {
    const a = arrayLiteral(value, (v) => (v instanceof Date ? v.toISOString() : null));
    if (a === null) throw new Error('tail: an array parameter holds a value that has no literal');
    text = a;
  } else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else throw new Error(`tail: a parameter of type ${typeof value} has no literal`);
  // an escape string, read the same whatever standard_conforming_strings says; most values (numbers, ids, times)
  // hold neither a quote nor a backslash and go as they are
  if (NEEDS_ESCAPE.test(text)) text = text.replace(/\\/g, '\\\\').replace(/'/g, "''");
  return `E'${text}'`;
}
