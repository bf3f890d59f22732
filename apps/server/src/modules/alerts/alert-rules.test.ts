import { describe, expect, it } from 'vitest';
import { firstCrossing, formatPrice, moveBeyond } from './alert-rules.ts';

const ticks = (...prices: string[]) => prices.map((price, i) => ({ ts: 1000 * (i + 1), price }));

describe('crossing a level', () => {
  it('fires on the first tick that reaches the level, not before and not a later one', () => {
    const path = ticks('64000', '64210.49999999', '64210.5', '64300');
    expect(firstCrossing(path, 'above', '64210.5')).toEqual({ ts: 3000, price: '64210.5' });
    expect(firstCrossing(path, 'above', '64300.00000001')).toBeNull();
  });

  it('below fires on a price at or under the level', () => {
    expect(firstCrossing(ticks('2.31', '2.30000001', '2.3', '2.1'), 'below', '2.3')).toEqual({
      ts: 3000,
      price: '2.3',
    });
    expect(firstCrossing(ticks('2.31', '2.5'), 'below', '2.3')).toBeNull();
  });

  it('compares exactly where floats would not (0.1 + 0.2 is not 0.3)', () => {
    expect(firstCrossing(ticks('0.30000000'), 'above', '0.3')).not.toBeNull();
    expect(firstCrossing(ticks('0.29999999'), 'above', '0.3')).toBeNull();
  });
});

describe('a move of N % within the window', () => {
  it('finds an up move from the window low and a down move from its high, at the exact boundary', () => {
    expect(moveBeyond('105', '100', '105', '5')).toBe('up');
    expect(moveBeyond('104.99999999', '100', '104.99999999', '5')).toBeNull();
    expect(moveBeyond('95', '95', '100', '5')).toBe('down');
    expect(moveBeyond('95.00000001', '95.00000001', '100', '5')).toBeNull();
  });

  it('takes fractional percentages', () => {
    expect(moveBeyond('100.25', '100', '100.25', '0.25')).toBe('up');
    expect(moveBeyond('100.24', '100', '100.24', '0.25')).toBeNull();
  });

  it('a flat window never fires', () => {
    expect(moveBeyond('100', '100', '100', '0.01')).toBeNull();
  });
});

describe('price text', () => {
  it('groups digits with the locale separators and keeps every decimal', () => {
    expect(formatPrice('64210.5', 'en-US')).toBe('64,210.5');
    expect(formatPrice('64210.5', 'de-DE')).toBe('64.210,5');
    expect(formatPrice('0.00012345', 'en-US')).toBe('0.00012345');
    expect(formatPrice('1234567', 'ja-JP')).toBe('1,234,567');
  });
});
