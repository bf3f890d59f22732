import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedStatements, hasError } from './pglite-prepared.ts';
import { scriptMessage } from './pglite-wire.ts';

let pg: PGlite;
const call = (message: Uint8Array) => pg.execProtocolRawSync(message);

/** The rows (as text) and the error code of a reply, read with PGlite's own protocol parser. */
function read(reply: Uint8Array): { rows: Array<Array<string | null>>; code: string | null } {
  const rows: Array<Array<string | null>> = [];
  let code: string | null = null;
  new protocol.Parser().parse(reply, (m) => {
    if (m.name === 'dataRow') rows.push((m as unknown as { fields: Array<string | null> }).fields);
    if (m.name === 'error') code ??= (m as unknown as { code: string }).code;
  });
  return { rows, code };
}

async function preparedNames(): Promise<string[]> {
  const r = await pg.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return r.rows.map((x) => x.name);
}

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec('create table p (id int primary key, v text)');
});
afterAll(async () => {
  await pg.close();
});
// each test's cache names its statements from tm_1 again
beforeEach(async () => {
  await pg.exec('deallocate all');
});

describe('named statements by text', () => {
  it('prepares a text once and binds it afterwards, with the same answers', async () => {
    const cache = new PreparedStatements();
    const insert = { text: 'insert into p values ($1, $2) returning id, v', values: ['1', 'one'] };
    expect(read(cache.run(insert, call))).toEqual({ rows: [['1', 'one']], code: null });
    expect(read(cache.run({ ...insert, values: ['2', 'two'] }, call))).toEqual({ rows: [['2', 'two']], code: null });
    expect(cache.size).toBe(1);
    expect(await preparedNames()).toEqual(['tm_1']);
  });

  it('drops a statement whose call failed, and does not keep one that could not be prepared', async () => {
    const cache = new PreparedStatements();
    const insert = { text: 'insert into p values ($1, $2)', values: ['10', 'x'] };
    expect(read(cache.run(insert, call)).code).toBeNull();
    expect(read(cache.run(insert, call)).code).toBe('23505');
    expect(cache.size).toBe(0);
    expect(read(cache.run({ text: 'select * from missing_table', values: [] }, call)).code).toBe('42P01');
    expect(cache.size).toBe(0);
    // inside an aborted transaction nothing can be prepared; after it, the text prepares again
    call(scriptMessage('BEGIN'));
    expect(read(cache.run({ ...insert, values: ['10', 'y'] }, call)).code).toBe('23505');
    expect(read(cache.run({ text: 'select v from p where id = $1', values: ['10'] }, call)).code).toBe('25P02');
    call(scriptMessage('ROLLBACK'));
    expect(cache.size).toBe(0);
    expect(read(cache.run({ text: 'select v from p where id = $1', values: ['10'] }, call))).toEqual({
      rows: [['x']],
      code: null,
    });
    expect(cache.size).toBe(1);
    expect(await preparedNames()).toEqual(['tm_5']);
  });

  it('closes the least recently used statement beyond its capacity', async () => {
    const cache = new PreparedStatements(2);
    const q = (n: number) => ({ text: `select ${n}::int + $1::int as n`, values: ['1'] });
    cache.run(q(1), call); // tm_1
    cache.run(q(2), call); // tm_2
    cache.run(q(1), call); // 1 is now the more recent
    expect(read(cache.run(q(3), call)).rows).toEqual([['4']]); // tm_3; tm_2 closed
    expect(cache.size).toBe(2);
    expect(await preparedNames()).toEqual(['tm_1', 'tm_3']);
    expect(read(cache.run(q(2), call)).rows).toEqual([['3']]); // prepared again, as tm_4; tm_1 closed
    expect(await preparedNames()).toEqual(['tm_3', 'tm_4']);
  });
});

describe('reply inspection', () => {
  it('finds an ErrorResponse among the messages of a reply', () => {
    const ok = call(scriptMessage('select 1'));
    const bad = call(scriptMessage('select nope'));
    expect(hasError(ok)).toBe(false);
    expect(hasError(bad)).toBe(true);
  });
});
