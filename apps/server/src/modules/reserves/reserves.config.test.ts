import { describe, expect, it } from 'vitest';
import { loadReservesConfig } from './reserves.config.ts';

describe('RESERVES_SNAPSHOT_HOURS', () => {
  it('is off by default and counts whole hours', () => {
    expect(loadReservesConfig({})).toEqual({ everyMs: 0 });
    expect(loadReservesConfig({ RESERVES_SNAPSHOT_HOURS: '24' })).toEqual({ everyMs: 86_400_000 });
  });

  it('refuses a negative, fractional or non-numeric value', () => {
    for (const bad of ['-1', '1.5', 'daily', String(24 * 31 + 1)])
      expect(() => loadReservesConfig({ RESERVES_SNAPSHOT_HOURS: bad })).toThrow(/RESERVES_SNAPSHOT_HOURS/);
  });
});
