import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';

/**
 * Put first in a statement the server runs again and again with other values only (the ledger's lock and write,
 * the spot group's): on PostgreSQL it is prepared once per connection under a name derived from its text, so the
 * server parses, analyses and rewrites it once and may keep a generic plan. The text must not change with the
 * values (arrays as parameters, never inlined). PGlite prepares every statement by its text already.
 */
export const PREPARED = sql.raw('/* prepared */ ');
/** The text a PREPARED statement starts with. */
export const PREPARED_MARK = '/* prepared */ ';

/**
 * Names for statements by their text, `<prefix><20 hex digits of the text's SHA-1>`, each computed once. A prefix
 * per way of preparing (the protocol's, SQL's PREPARE): both share one namespace on a connection.
 */
export function statementNames(prefix: string): (text: string) => string {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name) {
      name = `${prefix}${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
}
