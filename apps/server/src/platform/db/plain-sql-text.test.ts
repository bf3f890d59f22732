import { sql, type SQL } from 'drizzle-orm';
import { bigint, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREPARED } from './prepared-mark.ts';
import { plainSqlText } from './plain-sql-text.ts';

const dialect = new PgDialect();
const orders = pgTable('orders', { id: bigint('id', { mode: 'number' }) });
const p = (v: unknown) => sql.param(v);
const builder = (q: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, params };
};

describe('plainSqlText', () => {
  it("gives the builder's text and parameters for templates, raw text, params and nested statements", () => {
    const ids = ['1', '2'];
    const inner = sql`select ${p(ids)}::bigint[] as a, ${p('x')}::text as b`;
    const q = sql`${PREPARED}with i as (${inner}) select ${p(null)}::text, ${7}, ${true}, ${p(new Date(0))}::timestamptz,
      ${sql.raw('1')} from i${undefined} where ${p(10n)}::bigint > 0${sql``}`;
    expect(plainSqlText(q)).toEqual(builder(q));
    expect(plainSqlText(q)!.text).toContain('$1::bigint[]');
  });

  it('leaves to the builder what it does not know', () => {
    const column = sql`select ${orders.id} from ${orders}`;
    expect(plainSqlText(column)).toBeNull();
    expect(plainSqlText(sql`select ${[1, 2]}`)).toBeNull(); // a list
    expect(plainSqlText(sql`select ${sql.param(1, orders.id)}`)).toBeNull(); // an encoder
    expect(plainSqlText(sql`select ${p({ a: 1 })}`)).toBeNull(); // an object value
    expect(plainSqlText(sql`select ${sql.placeholder('x')}`)).toBeNull();
    expect(plainSqlText(sql`select ${'a'}`.inlineParams())).toBeNull();
  });

  it('agrees with the builder on random nestings of the accepted parts', () => {
    type Piece = { kind: 'text'; v: string } | { kind: 'param'; v: unknown } | { kind: 'value'; v: unknown };
    const value = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.integer(),
      fc.bigInt(),
      fc.boolean(),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
    );
    const piece: fc.Arbitrary<Piece> = fc.oneof(
      fc.record({ kind: fc.constant('text' as const), v: fc.string() }),
      fc.record({ kind: fc.constant('param' as const), v: value }),
      fc.record({ kind: fc.constant('value' as const), v: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
    );
    const build = (pieces: Piece[], depth: number): SQL => {
      const parts = pieces.map((x) =>
        x.kind === 'text' ? sql.raw(x.v) : x.kind === 'param' ? sql`${p(x.v)}` : sql`[${x.v}]`,
      );
      const joined = sql.join(parts, sql.raw(' , '));
      return depth > 0 ? sql`(${joined}) and (${build(pieces.slice(1), depth - 1)})` : joined;
    };
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.nat(3), (pieces, depth) => {
        const q = build(pieces, depth);
        expect(plainSqlText(q)).toEqual(builder(q));
      }),
    );
  });
});
