import { describe, expect, it } from 'vitest';
import { hasRole } from './roles.ts';

describe('hasRole', () => {
  it('lets a super admin through everywhere and others only into their areas', () => {
    expect(hasRole(['super_admin'], ['finance'])).toBe(true);
    expect(hasRole(['finance'], ['finance', 'support'])).toBe(true);
    expect(hasRole(['support'], ['finance'])).toBe(false);
    expect(hasRole(['content'], [])).toBe(true);
  });
});
