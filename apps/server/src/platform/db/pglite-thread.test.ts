import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';
import { textParam } from './pglite-wire.ts';

/** The database on its own thread against PGlite's own `query()` on this thread: same values, same errors. */
let pg: PGlite;
let thread: PgliteThread;
const table = `create table t (
    id bigint primary key, n numeric, s text, b boolean, at timestamptz, d date, j jsonb, raw bytea,
    ids bigint[], names text[]
  )`;

beforeAll(async () => {
  pg = await PGlite.create();
  thread = await PgliteThread.open({ dataDir: null });
  await pg.exec(table);
  await thread.exec(table);
});
afterAll(async () => {
  await pg.close();
  await thread.close();
});

describe('parameters as text, the way node-postgres sends them', () => {
  it('writes arrays as array literals, quoting what needs it', () => {
    expect(textParam(['a', 'b,c', 'd"e', 'f\\g', null, ''])).toBe('{a,"b,c","d\\"e","f\\\\g",NULL,""}');
    expect(textParam([1n, 2, [3, null]])).toBe('{1,2,{3,NULL}}');
    // the word NULL as a text, and letters outside the bare set, are quoted
    expect(textParam(['NULL', 'null', 'é', 'x y'])).toBe('{"NULL","null","é","x y"}');
    expect(textParam(new Date(Date.UTC(2026, 10, 26, 23, 0, 0, 5)))).toBe('2026-11-26T23:00:00.005Z');
    expect(textParam(new Uint8Array([0, 255]))).toBe('\\x00ff');
    expect(textParam({ a: [1] })).toBe('{"a":[1]}');
    expect(textParam(false)).toBe('false');
    expect(textParam(undefined)).toBeNull();
  });
});

describe('the database on its own thread gives what PGlite query() gives', () => {
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
    ['a,b', null, 'c"d', 'NULL', '', 'x y', 'e\\f', '2026-11-27T10:00:00.000Z'],
  ];
  const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *';

  it('stores and returns the same values, in object and array row modes', async () => {
    const mine = await thread.query(insert, row);
    const theirs = await pg.query(insert, row);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);
    await Promise.all([thread.query(insert, [2, ...row.slice(1)]), pg.query(insert, [2, ...row.slice(1)])]);
    const sql = 'select id, n, at, ids, names from t where id = any($1::bigint[]) order by id';
    const options = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
    expect((await thread.query(sql, [[1, 2]], options)).rows).toEqual((await pg.query(sql, [[1, 2]], options)).rows);
    expect((await thread.query(sql, [[1, 2]], options)).rows[0]).toEqual([
      1,
      '12345678901234567890.000000000000000001',
      '2026-11-26 22:59:59.123+00',
      [9007199254740993n, -1], // PGlite's own int8 parser: a bigint only beyond 2^53
      ['a,b', null, 'c"d', 'NULL', '', 'x y', 'e\\f', '2026-11-27T10:00:00.000Z'],
    ]);
  });

  it('fails with the database error (class, code, statement, parameters) and stays usable', async () => {
    const mine = await thread.query(insert, row).catch((e: unknown) => e);
    const theirs = await pg.query(insert, row).catch((e: unknown) => e);
    expect(mine).toBeInstanceOf((theirs as object).constructor);
    expect(mine).toMatchObject({ code: '23505', query: insert, params: row });
    for (const key of ['message', 'code', 'detail', 'constraint', 'table', 'severity'] as const) {
      expect((mine as Record<string, unknown>)[key]).toEqual((theirs as Record<string, unknown>)[key]);
    }
    expect((await thread.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('runs a script of several statements and reports its errors', async () => {
    const results = await thread.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    await expect(thread.exec('select * from missing')).rejects.toMatchObject({ code: '42P01' });
  });
});

describe('transactions', () => {
  it('commits, and an error inside rolls everything back', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('update t set s = $1 where id = $2', ['committed', 1]);
    });
    const failed = await thread
      .transaction(async (tx) => {
        await tx.query('update t set s = $1 where id = $2', ['rolled back', 1]);
        await tx.query('insert into t (id) values ($1)', [2]); // duplicate key
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await thread.query('select s from t where id = $1', [1])).rows).toEqual([{ s: 'committed' }]);
  });

  it('a COMMIT of a transaction whose statement failed throws, as PGlite does', async () => {
    const caught = await thread
      .transaction(async (tx) => {
        await tx.query('update t set s = $1 where id = $2', ['lost', 1]);
        await tx.query('insert into t (id) values ($1)', [2]).catch(() => {}); // swallowed: the transaction is aborted
      })
      .catch((e: unknown) => e);
    expect(caught).toMatchObject({ code: '25P02', query: 'COMMIT' });
    expect((await thread.query('select s from t where id = $1', [1])).rows).toEqual([{ s: 'committed' }]);
  });

  it('a rolled-back or finished transaction refuses further statements', async () => {
    let kept!: { query(text: string): Promise<unknown> };
    await thread.transaction(async (tx) => {
      await tx.query('update t set s = $1 where id = $2', ['undone', 1]);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
      kept = tx;
    });
    await expect(kept.query('select 1')).rejects.toThrow('Transaction is closed');
    expect((await thread.query('select s from t where id = $1', [1])).rows).toEqual([{ s: 'committed' }]);
  });

  it('statements issued together inside a transaction run in order, in one transaction', async () => {
    const seen = await thread.transaction(async (tx) => {
      const [a, b, c] = await Promise.all([
        tx.query<{ n: string; x: string }>(
          'update t set n = 7 where id = $1 returning n, txid_current()::text as x',
          [1],
        ),
        tx.query<{ n: string; x: string }>('select n, txid_current()::text as x from t where id = $1', [1]),
        tx.query<{ x: string }>('select txid_current()::text as x'),
      ]);
      return { a: a.rows[0]!, b: b.rows[0]!, c: c.rows[0]! };
    });
    expect(seen.a.n).toBe('7');
    expect(seen.b.n).toBe('7');
    expect(new Set([seen.a.x, seen.b.x, seen.c.x]).size).toBe(1);
    expect((await thread.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('7');
  });

  it('keeps concurrent callers apart: a statement outside waits for an open transaction to end', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = thread.transaction(async (t) => {
      await t.query('update t set n = $1 where id = $2', [100, 1]);
      entered();
      await gate;
      await t.query('update t set n = $1 where id = $2', [200, 1]);
    });
    await inside;
    // issued while the transaction is open and between its statements: must see none of it half-done
    const read = thread.query<{ n: string }>('select n from t where id = $1', [1]);
    const write = thread.query('update t set n = n + 1 where id = $1', [1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, write]);
    expect((await read).rows[0]!.n).toBe('200');
    expect((await thread.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('201');
  });

  it('sends kept statements with the COMMIT, in order, and settles each with its rows', async () => {
    const order: string[] = [];
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    await thread.transaction(async (tx) => {
      await tx.query('update t set n = $1 where id = $2', [1, 1]);
      first = tx.keep<{ n: string }>('update t set n = n * 10 where id = $1 returning n', [1]).then((r) => {
        order.push('first');
        return r.rows;
      });
      second = tx.keep<{ n: string }>('update t set n = n + 5 where id = $1 returning n', [1]).then((r) => {
        order.push('second');
        return r.rows;
      });
      // not sent before the callback returns: nothing kept has run yet
      expect((await tx.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('1');
    });
    expect(await first).toEqual([{ n: '10' }]);
    expect(await second).toEqual([{ n: '15' }]);
    expect(order).toEqual(['first', 'second']);
    expect((await thread.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('15');
  });

  it('a kept statement that fails rejects it and those after it, and nothing of the transaction stays', async () => {
    let ok!: Promise<unknown>;
    let bad!: Promise<unknown>;
    let after!: Promise<unknown>;
    const caught = await thread
      .transaction(async (tx) => {
        await tx.query('update t set n = $1 where id = $2', [99, 1]);
        ok = tx.keep('update t set s = $1 where id = $2', ['kept', 1]);
        bad = tx.keep('insert into t (id) values ($1)', [1]); // duplicate key
        after = tx.keep('update t set s = $1 where id = $2', ['after', 1]);
        for (const p of [ok, bad, after]) p.catch(() => {});
      })
      .catch((e: unknown) => e);
    expect(caught).toMatchObject({ code: '23505', query: 'insert into t (id) values ($1)' });
    expect(await ok).toBeTruthy();
    await expect(bad).rejects.toMatchObject({ code: '23505' });
    await expect(after).rejects.toMatchObject({ code: '23505' });
    expect((await thread.query<{ n: string }>('select n, s from t where id = $1', [1])).rows[0]).toMatchObject({
      n: '15',
    });
  });

  it('a transaction of kept statements only begins with them; a rolled-back one rejects them', async () => {
    let kept!: Promise<{ rows: unknown[] }>;
    await thread.transaction(async (tx) => {
      kept = tx.keep('update t set n = n + 1 where id = $1 returning txid_current()::text as x', [1]);
      kept.catch(() => {});
    });
    const x = ((await kept).rows as Array<{ x: string }>)[0]!.x;
    expect(x).toMatch(/^\d+$/);
    expect((await thread.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('16');
    let dropped!: Promise<unknown>;
    await thread.transaction(async (tx) => {
      await tx.query('update t set n = 0 where id = $1', [1]);
      dropped = tx.keep('update t set n = 1 where id = $1', [1]);
      dropped.catch(() => {});
      await tx.rollback();
    });
    await expect(dropped).rejects.toThrow('Transaction is closed');
    expect((await thread.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n).toBe('16');
  });

  it('passes the turn on with the COMMIT: the next transaction is sent before that reply and sees it committed', async () => {
    const events: string[] = [];
    const first = thread
      .transaction(async (tx) => {
        await tx.query('update t set n = $1 where id = $2', [500, 1]);
      })
      .then(() => events.push('first committed'));
    const second = thread.transaction(async (tx) => {
      events.push('second started');
      return (await tx.query<{ n: string }>('select n from t where id = $1', [1])).rows[0]!.n;
    });
    expect(await second).toBe('500');
    await first;
    // the second began while the first's COMMIT was on its way: before this thread heard it had committed
    expect(events).toEqual(['second started', 'first committed']);
  });
});

describe('a data directory', () => {
  // three databases opened one after another: more than the default time on a busy machine
  it('keeps what was committed across a close, and dumps a copy PGlite can load', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-pglite-thread-'));
    try {
      const first = await PgliteThread.open({ dataDir: dir });
      await first.exec('create table kept (v text)');
      await first.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', ['durable']);
      });
      const dump = await first.dumpDataDir();
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('closed');

      const again = await PgliteThread.open({ dataDir: dir });
      expect((await again.query('select v from kept')).rows).toEqual([{ v: 'durable' }]);
      await again.close();

      const copy = await PGlite.create({ loadDataDir: new Blob([dump]) });
      expect((await copy.query('select v from kept')).rows).toEqual([{ v: 'durable' }]);
      await copy.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
