import { describe, expect, it } from 'vitest';
import { kindKey, signed } from './record-kinds.ts';
import { secondsUntil } from './countdown.ts';

describe('record kinds', () => {
  it('maps known kinds, falls back to the type, then to other', () => {
    expect(kindKey('withdraw.apply')).toBe('wallet:kind.withdraw_apply');
    expect(kindKey('deposit')).toBe('wallet:kind.deposit');
    expect(kindKey('deposit.demo')).toBe('wallet:kind.deposit_demo');
    expect(kindKey('withdraw.something_new')).toBe('wallet:type.withdraw');
    expect(kindKey('forged')).toBe('wallet:kind.other');
  });

  it('signs credits', () => {
    expect(signed('5')).toBe('+5');
    expect(signed('-5')).toBe('-5');
    expect(signed('0')).toBe('0');
  });

  it('counts a quote down in whole seconds, rounding up', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 20_000)).toBe(0);
  });
});
