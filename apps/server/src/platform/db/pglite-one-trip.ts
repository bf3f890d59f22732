import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Every parameterised statement in ONE call into the embedded database instead of six.
 *
 * PGlite's own `query()` sends Parse, Describe-statement, Bind, Describe-portal, Execute and Sync as six separate
 * calls into the WebAssembly PostgreSQL, because it asks for the parameters' types first and serialises each value
 * by its type. Each call has a fixed cost, so a one-row statement cost about five times a simple `exec`. Here the
 * parameters are sent as text and PostgreSQL infers their types at Parse — exactly what node-postgres does on the
 * PostgreSQL server path (utils.prepareValue), which the same application code already runs on — so the six
 * messages go in one buffer and one call. Results are parsed by PGlite's own parser with the caller's options
 * (Drizzle's row mode and type parsers), so rows look the same as before.
 */

type Param = unknown;

/** A value as PostgreSQL's text input format, the way node-postgres prepares it (arrays as array literals). */
export function textParam(value: Param): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value); // number, bigint, boolean
}

function arrayLiteral(values: readonly Param[]): string {
  const parts = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    const text = textParam(v)!;
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(',')}}`;
}

const SYNC = protocol.serialize.sync();
const DESCRIBE_PORTAL = protocol.serialize.describe({ type: 'P' });
const EXECUTE = protocol.serialize.execute({});

function message(text: string, params: readonly Param[]): Uint8Array {
  const parts = [
    protocol.serialize.parse({ text }),
    protocol.serialize.bind({ values: params.map(textParam) }),
    DESCRIBE_PORTAL,
    EXECUTE,
    SYNC,
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The default type parsers PGlite applies (the same ones its own `query()` uses). */
type Parsers = Parameters<typeof parse.parseResults>[1];
function parsersOf(pg: PGlite): Parsers {
  return (pg as unknown as { parsers: Parsers }).parsers;
}

async function runOneTrip<T>(
  pg: PGlite,
  text: string,
  params: readonly Param[] | undefined,
  options: QueryOptions | undefined,
  inTransaction: boolean,
): Promise<Results<T>> {
  const run = () =>
    pg._runExclusiveQuery(async () => {
      let messages;
      try {
        ({ messages } = await pg.execProtocol(message(text, params ?? []), { syncToFs: false, throwOnError: true }));
      } catch (err) {
        // the statement and its parameters on the error, as PGlite's own query() gives them
        if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options });
        throw err;
      }
      if (!inTransaction) await pg.syncToFs();
      return parse.parseResults(messages, parsersOf(pg), options)[0] as Results<T>;
    });
  // inside a transaction its caller holds the transaction lock; outside, a statement must wait for any open
  // transaction to end, or it would run inside another caller's transaction (PGlite's query() does the same)
  return inTransaction ? run() : pg.waitReady.then(() => pg._runExclusiveTransaction(run));
}

/**
 * The client Drizzle is given: `query` (outside and inside transactions) takes one call into the database;
 * everything else is PGlite's own.
 */
export function oneTripClient(pg: PGlite): PGlite {
  const client = Object.create(pg) as PGlite;
  Object.assign(client, {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      runOneTrip<T>(pg, text, params, options, false),
    exec: pg.exec.bind(pg),
    transaction: <R>(fn: (tx: Transaction) => Promise<R>) =>
      pg.transaction((tx) => {
        const wrapped = Object.create(tx) as Transaction;
        Object.assign(wrapped, {
          query: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return runOneTrip<T>(pg, text, params, options, true);
          },
        });
        return fn(wrapped);
      }),
  });
  return client;
}
