import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.ts';

describe('arrayLiteral', () => {
  it('writes digits, timestamps and codes bare, and nulls as NULL', () => {
    expect(arrayLiteral(['1', '-42', '2026-11-27T13:00:00.000Z', 'BTCUSDT', null, undefined])).toBe(
      '{1,-42,2026-11-27T13:00:00.000Z,BTCUSDT,NULL,NULL}',
    );
    expect(arrayLiteral([7, 12n, true, false])).toBe('{7,12,true,false}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes and escapes what the array syntax would read otherwise, as the driver does', () => {
    expect(arrayLiteral(['', 'a b', 'a,b', '{x}', 'say "hi"', 'back\\slash', 'null', 'NULL', 'Null'])).toBe(
      '{"","a b","a,b","{x}","say \\"hi\\"","back\\\\slash","null","NULL","Null"}',
    );
    expect(arrayLiteral(['nullish', 'ü'])).toBe('{nullish,"ü"}');
  });

  it('leaves anything else to the driver', () => {
    expect(arrayLiteral([new Date(0)])).toBeNull();
    expect(arrayLiteral([{ a: 1 }])).toBeNull();
    expect(arrayLiteral([[new Date(0)]])).toBeNull();
  });

  it('writes nested arrays, and other elements as the given conversion writes them', () => {
    expect(
      arrayLiteral([
        ['1', '2'],
        ['a b', null],
      ]),
    ).toBe('{{1,2},{"a b",NULL}}');
    expect(arrayLiteral([new Date(0), null], (v) => (v as Date).toISOString())).toBe(
      '{"1970-01-01T00:00:00.000Z",NULL}',
    );
  });
});
