import { Param, SQL, StringChunk, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The text and parameters of a statement written only with `sql` templates, raw text and `sql.param` values — as
 * the spot group's kept statements are (the ledger's write, the orders', the confirmation) — or null when it holds
 * anything else (a table, a column, a name, an encoder's value, inlined parameters): then the query builder's own
 * `sqlToQuery` is the one to use.
 *
 * Why: the builder's general walk (an entity check per chunk, typing per parameter, a result object per chunk)
 * cost about 3 % of the main thread under bench:http, for the same few statements every group. This walk
 * gives the same text and parameters ($1, $2, … in order) for the subset it accepts.
 */
export function plainSqlText(query: SQL): { text: string; params: unknown[] } | null {
  const out: Out = { text: '', params: [] };
  return walk(query, out) ? out : null;
}

/** A statement's text and parameters: by the plain walk when it accepts the statement, else by the builder. */
export function statementText(query: SQL, dialect: PgDialect): { text: string; params: unknown[] } {
  const plain = plainSqlText(query);
  if (plain) return plain;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

interface Out {
  text: string;
  params: unknown[];
}

/** `sql.param(value)`'s encoder: a parameter with any other one may change its value or type. */
const NO_ENCODER = sql.param(null).encoder;

function walk(query: SQL, out: Out): boolean {
  // a statement marked to inline its values (`.inlineParams()`) is the builder's: private in its types, read here
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      const v = chunk.value;
      out.text += v.length === 1 ? v[0]! : v.join('');
    } else if (chunk instanceof Param) {
      if (chunk.encoder !== NO_ENCODER || !plainValue(chunk.value)) return false;
      out.params.push(chunk.value);
      out.text += `$${out.params.length}`;
    } else if (chunk instanceof SQL) {
      if (!walk(chunk, out)) return false;
    } else if (chunk === undefined) {
      // nothing: as the builder
    } else if (plainValue(chunk) && !Array.isArray(chunk)) {
      // a value written straight into the template is a parameter (an array there is a list: left to the builder)
      out.params.push(chunk);
      out.text += `$${out.params.length}`;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * Values the builder hands to the driver as they are: null, strings, numbers, bigints, booleans, dates and arrays
 * (a placeholder or a statement as a value is the builder's business).
 */
function plainValue(v: unknown): boolean {
  if (v === null) return true;
  const t = typeof v;
  if (t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean') return true;
  return t === 'object' && (v instanceof Date || Array.isArray(v));
}
