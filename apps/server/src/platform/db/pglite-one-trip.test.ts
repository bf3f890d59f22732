import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTripClient, textParam } from './pglite-one-trip.ts';

let pg: PGlite;
let fast: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  fast = oneTripClient(pg);
  await pg.exec(`create table t (
    id bigint primary key, n numeric, s text, b boolean, at timestamptz, d date, j jsonb, raw bytea,
    ids bigint[], names text[]
  )`);
});
afterAll(async () => {
  await pg.close();
});

describe('parameters as text, the way node-postgres sends them', () => {
  it('writes arrays as array literals, quoting what needs it', () => {
    expect(textParam(['a', 'b,c', 'd"e', 'f\\g', null, ''])).toBe('{"a","b,c","d\\"e","f\\\\g",NULL,""}');
    expect(textParam([1n, 2, [3, null]])).toBe('{"1","2",{"3",NULL}}');
    expect(textParam(new Date(Date.UTC(2026, 10, 26, 23, 0, 0, 5)))).toBe('2026-11-26T23:00:00.005Z');
    expect(textParam(new Uint8Array([0, 255]))).toBe('\\x00ff');
    expect(textParam({ a: [1] })).toBe('{"a":[1]}');
    expect(textParam(false)).toBe('false');
    expect(textParam(undefined)).toBeNull();
  });
});

describe('one call per statement gives what PGlite query() gives', () => {
  const row = [
    1,
    '12345678901234567890.000000000000000001',
    'x"y\\z,{}',
    true,
    new Date(Date.UTC(2026, 10, 26, 22, 59, 59, 123)),
    '2026-11-27',
    JSON.stringify({ k: ['v', 2] }),
    new Uint8Array([1, 2, 3]),
    ['9007199254740993', '-1'],
    ['a,b', null, 'c"d'],
  ];
  const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *';

  it('stores and returns the same values, in object and array row modes', async () => {
    const mine = await fast.query(insert, row);
    const theirs = await pg.query(insert, [2, ...row.slice(1)]);
    expect({ ...mine.rows[0]!, id: 0 }).toEqual({ ...theirs.rows[0]!, id: 0 });
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);
    const sql = 'select id, n, at, ids, names from t where id = any($1::bigint[]) order by id';
    const options = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
    expect((await fast.query(sql, [[1, 2]], options)).rows).toEqual((await pg.query(sql, [[1, 2]], options)).rows);
    expect((await fast.query(sql, [[1, 2]], options)).rows[0]).toEqual([
      1,
      '12345678901234567890.000000000000000001',
      '2026-11-26 22:59:59.123+00',
      [9007199254740993n, -1], // PGlite's own int8 parser: a bigint only beyond 2^53
      ['a,b', null, 'c"d'],
    ]);
  });

  it('fails with the database error (code, statement) and leaves the database usable', async () => {
    const err = await fast.query(insert, row).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert });
    expect((await fast.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('a transaction commits, an error inside it rolls everything back', async () => {
    await fast.transaction(async (tx) => {
      await tx.query('update t set s = $1 where id = $2', ['committed', 1]);
    });
    const failed = await fast
      .transaction(async (tx) => {
        await tx.query('update t set s = $1 where id = $2', ['rolled back', 1]);
        await tx.query('insert into t (id) values ($1)', [2]); // duplicate key
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await fast.query('select s from t where id = $1', [1])).rows).toEqual([{ s: 'committed' }]);
  });

  it('keeps concurrent callers apart: a statement outside waits for an open transaction to end', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = fast.transaction(async (t) => {
      await t.query('update t set n = $1 where id = $2', [100, 1]);
      entered();
      await gate;
      await t.query('update t set n = $1 where id = $2', [200, 1]);
    });
    await inside;
    // issued while the transaction is open and between its statements: must see none of it half-done
    const read = fast.query<{ n: string }>('select n from t where id = $1', [1]);
    const write = fast.query('update t set n = n + 1 where id = $1', [1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, write]);
    expect((await read).rows[0]!.n).toBe('200');
    expect((await fast.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('201');
  });
});
