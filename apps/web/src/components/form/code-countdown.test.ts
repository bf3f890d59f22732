import { describe, expect, it } from 'vitest';
import { codeButtonText, parseInstant, secondsLeft } from './code-countdown.ts';

describe('send-code countdown', () => {
  it('counts 60 s from the send when the server gives no time', () => {
    expect(secondsLeft(1_000, null)).toBe(0);
    expect(secondsLeft(1_000, 1_000)).toBe(60);
    expect(secondsLeft(1_001, 1_000)).toBe(60);
    expect(secondsLeft(60_000, 1_000)).toBe(1);
    expect(secondsLeft(59_500, 1_000)).toBe(2);
    expect(secondsLeft(61_000, 1_000)).toBe(0);
    expect(secondsLeft(99_000, 1_000)).toBe(0);
  });

  it("follows the server's resendAt", () => {
    expect(secondsLeft(1_000, 1_000, 31_000)).toBe(30);
  });

  it('reads epoch ms and ISO instants', () => {
    expect(parseInstant('1700000000000')).toBe(1_700_000_000_000);
    expect(parseInstant(5)).toBe(5);
    expect(parseInstant('2026-01-01T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 1));
    expect(parseInstant('soon')).toBeNull();
    expect(parseInstant(undefined)).toBeNull();
  });
});

describe('send-code button text', () => {
  it('offers a first send, counts down after it, then offers a resend', () => {
    expect(codeButtonText(0, false)).toEqual({ key: 'send' });
    expect(codeButtonText(42, true)).toEqual({ key: 'countdown', seconds: 42 });
    expect(codeButtonText(0, true)).toEqual({ key: 'resend' });
  });
});
