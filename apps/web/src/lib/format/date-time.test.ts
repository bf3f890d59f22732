import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time.ts';

describe('dateTimeFormat', () => {
  it('makes one format per language and options, and reads the app locale as a language tag', () => {
    const options = { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' } as const;
    const a = dateTimeFormat('en_us', options);
    expect(dateTimeFormat('en_us', { ...options })).toBe(a);
    expect(a.resolvedOptions().locale).toBe('en-US');
    expect(a.format(Date.UTC(2026, 10, 27, 9, 5))).toBe('09:05');
    expect(dateTimeFormat('de', options)).not.toBe(a);
    expect(dateTimeFormat('en_us', { ...options, second: '2-digit' })).not.toBe(a);
  });
});
