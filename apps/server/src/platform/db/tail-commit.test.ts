import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { PREPARED } from './database.ts';
import { literal, tailOf, type TailCommit } from './tail-commit.ts';

/**
 * The spot group commit's transactions on PostgreSQL: statements kept in the transaction's tail go to the server
 * with its COMMIT in one message, as EXECUTEs of statements prepared by SQL with their values written as literals;
 * the BEGIN goes with the first statement.
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let tails: TailCommit;
beforeAll(async () => {
  handle = await createTestDatabase();
  if (handle.database.groupCommit) {
    tails = handle.database.groupCommit;
    await handle.database.exec(`create table tail_probe (id int primary key, note text)`);
  }
}, 120_000);
afterAll(async () => {
  await handle?.dispose();
});

type Rows<T> = { rows: T[] };
const count = async (where: string) =>
  Number(
    (
      (await handle.database.db.execute(
        sql.raw(`select count(*)::int as n from tail_probe where ${where}`),
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n,
  );

describe('literal', () => {
  it('quotes values as escape strings, arrays as array literals', () => {
    expect(literal(null)).toBe('null');
    expect(literal("it's")).toBe("E'it''s'");
    expect(literal('back\\slash')).toBe("E'back\\\\slash'");
    expect(literal(12n)).toBe("E'12'");
    expect(literal(true)).toBe("E'true'");
    expect(literal(['1', null, 'a b'])).toBe(`E'{1,NULL,"a b"}'`);
    expect(() => literal({})).toThrow(/no literal/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a transaction with a tail on PostgreSQL', () => {
  it('reads awkward values back unchanged through EXECUTE with literals', async () => {
    const texts = [
      '',
      ' lead',
      'a b',
      'a,b',
      '{x}',
      'say "hi"',
      "it's",
      'back\\slash',
      '\\"',
      'null',
      'NULL',
      'ü',
      null,
    ];
    // (a kept statement's rows arrive after the transaction's function has returned: it must not wait for them)
    const { kept } = await tails.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const kept = tailOf(tx)!.add<{ texts: Array<string | null>; one: string; big: string; at: string }>(
        sql`${PREPARED}select ${sql.param(texts)}::text[] as texts, ${sql.param("o'ne\\")}::text as one,
            ${sql.param('-9223372036854775808')}::bigint::text as big,
            ${sql.param(new Date('2026-11-28T01:00:00.000Z'))}::timestamptz = '2026-11-28T01:00:00Z' as at`,
      );
      return { kept };
    });
    const [row] = await kept;
    expect(row).toEqual({ texts, one: "o'ne\\", big: '-9223372036854775808', at: true });
  });

  it('writes its kept statements with the COMMIT, in the order kept, and hands each its rows', async () => {
    const got = await tails.transaction(async (tx) => {
      await tx.execute(sql`${PREPARED}select ${1}::int as warm`);
      const tail = tailOf(tx)!;
      const a = tail.add<{ id: number }>(
        sql`${PREPARED}insert into tail_probe (id, note) values (${1}::int, ${'a'}::text) returning id`,
      );
      const b = tail.add<{ n: number }>(sql`${PREPARED}select count(*)::int as n from tail_probe where id = ${1}::int`);
      // nothing was sent yet: another connection sees nothing, and neither would this one
      expect(await count('id = 1')).toBe(0);
      return { both: Promise.all([a, b]) };
    });
    const [a, b] = await got.both;
    expect({ a, b }).toEqual({ a: [{ id: 1 }], b: [{ n: 1 }] });
    expect(await count('id = 1')).toBe(1);
  });

  it('rolls back everything when a kept statement fails, and every kept promise rejects', async () => {
    const kept: Array<Promise<unknown>> = [];
    await expect(
      tails.transaction(async (tx) => {
        await tx.execute(sql`${PREPARED}insert into tail_probe (id, note) values (${2}::int, ${'before'}::text)`);
        const tail = tailOf(tx)!;
        kept.push(tail.add(sql`${PREPARED}insert into tail_probe (id, note) values (${3}::int, ${'b'}::text)`));
        // a duplicate key: fails, so the statement after it never runs and COMMIT is never reached
        kept.push(tail.add(sql`${PREPARED}insert into tail_probe (id, note) values (${3}::int, ${'c'}::text)`));
        kept.push(tail.add(sql`${PREPARED}insert into tail_probe (id, note) values (${4}::int, ${'d'}::text)`));
        for (const k of kept) k.catch(() => {});
      }),
    ).rejects.toMatchObject({ code: '23505' });
    for (const k of kept) await expect(k).rejects.toMatchObject({ code: '23505' });
    expect(await count('id in (2, 3, 4)')).toBe(0);
    // the connection is usable afterwards
    await tails.transaction(async (tx) => {
      await tx.execute(sql`${PREPARED}insert into tail_probe (id, note) values (${2}::int, ${'after'}::text)`);
    });
    expect(await count(`id = 2 and note = 'after'`)).toBe(1);
  });

  it('runs the first statement inside the transaction, with BEGIN in its message once it is prepared', async () => {
    // several rounds, so the first statement is prepared on each connection and then merged with BEGIN
    for (let i = 0; i < 8; i++) {
      const id = 100 + i;
      await expect(
        tails.transaction(async (tx) => {
          await tx.execute(sql`${PREPARED}insert into tail_probe (id, note) values (${id}::int, ${'first'}::text)`);
          const [inside] = (
            (await tx.execute(
              sql`select count(*)::int as n from tail_probe where id = ${id}::int`,
            )) as unknown as Rows<{
              n: number;
            }>
          ).rows;
          expect(inside!.n).toBe(1);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await count(`id = ${id}`)).toBe(0);
    }
    const prepared = await tails.transaction(async (tx) => {
      const r = (await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where name like 'tmt\\_%' and from_sql`,
      )) as unknown as Rows<{ n: number }>;
      return r.rows[0]!.n;
    });
    expect(prepared).toBeGreaterThan(0);
  });

  it('commits a transaction without a tail the ordinary way', async () => {
    await tails.transaction(async (tx) => {
      await tx.execute(sql`insert into tail_probe (id, note) values (${50}::int, ${'plain'}::text)`);
    });
    expect(await count('id = 50')).toBe(1);
  });
});
