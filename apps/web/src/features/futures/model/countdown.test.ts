import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown.ts';

describe('countdownText', () => {
  it('formats hours, minutes and seconds and never goes below zero', () => {
    expect(countdownText(8 * 3600_000, 0)).toBe('08:00:00');
    expect(countdownText(3_723_999, 0)).toBe('01:02:03');
    expect(countdownText(0, 5000)).toBe('00:00:00');
  });
});
