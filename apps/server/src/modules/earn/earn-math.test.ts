import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, parseUnits } from '@tidemark/contract/money';
import {
  DAY_MS,
  dailyYieldOf,
  dueDays,
  earlyRedemptionOf,
  expectedEarnings,
  principalPenaltyOf,
  remainingPromised,
  utcDay,
} from './earn-math.ts';

const usdt = (s: string) => parseUnits(s, 6);

describe('daily yield', () => {
  it('is principal × rate rounded down to the minor unit', () => {
    expect(dailyYieldOf(usdt('1000'), parseRate('0.0005'))).toBe(usdt('0.5'));
    // 123.456789 × 0.0012 = 0.1481481468 → 0.148148
    expect(dailyYieldOf(usdt('123.456789'), parseRate('0.0012'))).toBe(usdt('0.148148'));
    // 0.000001 × 0.5 = 0.0000005 → 0 (never a fraction the platform cannot pay)
    expect(dailyYieldOf(1n, parseRate('0.5'))).toBe(0n);
    expect(expectedEarnings(usdt('1000'), parseRate('0.0005'), 30)).toBe(usdt('15'));
  });

  it('is never more than the exact value and less than one unit below it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 17n }), (p, r) => {
        const y = dailyYieldOf(p, r);
        const exactTimesScale = p * r; // exact value × 10^18
        expect(y * 10n ** 18n <= exactTimesScale).toBe(true);
        expect((y + 1n) * 10n ** 18n > exactTimesScale).toBe(true);
      }),
    );
  });
});

describe('early redemption', () => {
  it('keeps the principal penalty rounded up and forfeits the accrued yield', () => {
    // 100.000001 × 1 % = 1.00000001 → 1.000001 (up)
    const r = earlyRedemptionOf(usdt('100.000001'), usdt('0.3'), parseRate('0.01'));
    expect(r).toEqual({
      principalPenalty: usdt('1.000001'),
      forfeited: usdt('0.3'),
      penalty: usdt('1.300001'),
      receive: usdt('99'),
    });
    expect(principalPenaltyOf(usdt('500'), 0n)).toBe(0n);
  });

  it('gives back principal − penalty, never more than the principal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (p, rate) => {
        const r = earlyRedemptionOf(p, 0n, rate);
        expect(r.receive + r.principalPenalty).toBe(p);
        expect(r.receive >= 0n && r.receive <= p).toBe(true);
        expect(r.principalPenalty * 10n ** 18n >= p * rate).toBe(true);
        expect((r.principalPenalty - 1n) * 10n ** 18n < p * rate).toBe(true);
      }),
    );
  });
});

describe('accrual days', () => {
  it('pays the days after the subscription day, up to the lock period, catching up after a gap', () => {
    const start = utcDay(Date.UTC(2026, 0, 1, 15));
    expect(dueDays(start, 3, 0, start)).toEqual([]);
    expect(dueDays(start, 3, 0, start + 1)).toEqual([start + 1]);
    // a two-day outage: both days due, once each
    expect(dueDays(start, 3, 1, start + 3)).toEqual([start + 2, start + 3]);
    expect(dueDays(start, 3, 3, start + 10)).toEqual([]);
    expect(dueDays(start, 3, 0, start + 10)).toEqual([start + 1, start + 2, start + 3]);
    expect(utcDay(Date.UTC(2026, 0, 2) - 1) + 1).toBe(utcDay(Date.UTC(2026, 0, 2)));
  });

  it('numbers UTC days from 1970-01-01, each from midnight to midnight', () => {
    expect(utcDay(Date.UTC(1970, 0, 1))).toBe(0);
    expect(utcDay(Date.UTC(2026, 0, 1))).toBe(20454);
    expect(utcDay(Date.UTC(2026, 0, 1, 23, 59, 59, 999))).toBe(20454);
    expect(utcDay(Date.UTC(2026, 0, 2))).toBe(20455);
    expect(utcDay(Date.UTC(2026, 0, 1)) * DAY_MS).toBe(Date.UTC(2026, 0, 1));
  });

  it('counts what remains promised', () => {
    expect(
      remainingPromised([
        { dailyYield: 5n, lockDays: 7, daysPaid: 2 },
        { dailyYield: 1n, lockDays: 3, daysPaid: 3 },
      ]),
    ).toBe(25n);
  });
});
