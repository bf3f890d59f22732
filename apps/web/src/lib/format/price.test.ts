import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';
import { groupThousands, roundDecimal } from './decimal.ts';

describe('formatPrice (spec §9)', () => {
  it.each([
    ['0', '0.00000000'],
    ['0.00001234', '0.00001234'],
    ['0.000012345', '0.00001235'], // half rounds away from zero
    ['0.000099999999', '0.00010000'], // picked by the raw value, then rounded
    ['0.0001', '0.0001'], // exactly 0.0001 is not below it
    ['0.00012345', '0.0001'],
    ['0.5', '0.5000'],
    ['9.99994', '9.9999'],
    ['9.99995', '10.0000'],
    ['10', '10.000'],
    ['99.9994', '99.999'],
    ['99.9995', '100.000'],
    ['100', '100.00'],
    ['1234.565', '1,234.57'],
    ['64250.1', '64,250.10'],
    ['1234567.891', '1,234,567.89'],
    ['-0.00001', '-0.00001000'],
    ['-12.3456', '-12.346'],
    ['-0.000000001', '0.00000000'], // no negative zero
    ['.5', '0.5000'],
    ['5.', '5.0000'],
    ['007.1', '7.1000'],
    ['123456789012345678901234567890.125', '123,456,789,012,345,678,901,234,567,890.13'],
  ])('%s → %s', (input, shown) => {
    expect(formatPrice(input)).toBe(shown);
  });

  it('shows a placeholder for what is not a price', () => {
    for (const bad of ['', 'abc', '1e-7', '1.2.3', '--1', '.', '1,000']) expect(formatPrice(bad)).toBe('--');
    expect(formatPrice(null)).toBe('--');
    expect(formatPrice(undefined, '—')).toBe('—');
  });
});

describe('decimal helpers', () => {
  it('rounds on the digits', () => {
    expect(roundDecimal('0.1', 0)).toBe('0');
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('0.125', 2)).toBe('0.13');
    expect(roundDecimal('999.995', 2)).toBe('1000.00');
    expect(roundDecimal('x', 2)).toBeNull();
  });
  it('groups thousands', () => {
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('-1234567.1234')).toBe('-1,234,567.1234');
  });
});
