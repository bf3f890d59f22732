import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContract, CONTRACT_CONFIGS, contractOf } from './contracts.ts';
import { averagePremium, fundingPayments, fundingRate, impactPrice, premiumIndex } from './funding.ts';
import { parseRate, RATE_ONE } from '@tidemark/futures-math';

const BTC = contractOf('BTCUSDT')!;
const r = parseRate;

describe('funding rate = P̄ + clamp(I − P̄, ±0.05 %), capped', () => {
  it('reference worked numbers: P̄ 0.03 % → 0.01 %; P̄ 0.10 % → 0.05 %', () => {
    expect(fundingRate(BTC, r('0.0003'))).toBe(r('0.0001'));
    expect(fundingRate(BTC, r('0.001'))).toBe(r('0.0005'));
  });
  it('equals the interest while |I − P̄| ≤ 0.05 %, follows the premium outside', () => {
    expect(fundingRate(BTC, r('-0.0004'))).toBe(r('0.0001'));
    expect(fundingRate(BTC, r('-0.0006'))).toBe(r('-0.0001'));
    expect(fundingRate(BTC, 0n)).toBe(r('0.0001'));
  });
  it('is capped at the contract cap', () => {
    expect(fundingRate(BTC, r('0.5'))).toBe(r('0.02'));
    expect(fundingRate(BTC, r('-0.5'))).toBe(r('-0.02'));
  });
  it('scales an 8 h rate to a shorter interval (Binance since 2025-09-18)', () => {
    const fourHour = buildContract({ ...CONTRACT_CONFIGS[0]!, fundingIntervalHours: 4 });
    expect(fundingRate(fourHour, r('0.0003'))).toBe(r('0.00005'));
  });
});

describe('premium index from impact prices', () => {
  it('averages the levels needed to fill the impact notional', () => {
    // 100 lots at 1000 ticks (value 100,000), then 100 at 1010
    const imp = impactPrice(
      [
        [1000n, 100n],
        [1010n, 100n],
      ],
      150_000n,
    )!;
    expect(imp).toEqual({ value: 100_000n + 50n * 1010n, qty: 150n });
    expect(impactPrice([[1000n, 1n]], 5_000n)).toBeNull();
  });
  it('is positive when the impact bid is above the index, negative when the impact ask is below, else 0', () => {
    const at = (ticks: bigint) => ({ value: ticks * 10n, qty: 10n });
    expect(premiumIndex(10_000n, at(10_010n), at(10_020n))).toBe(r('0.001'));
    expect(premiumIndex(10_000n, at(9_980n), at(9_990n))).toBe(-r('0.001'));
    expect(premiumIndex(10_000n, at(9_995n), at(10_005n))).toBe(0n);
    expect(premiumIndex(10_000n, null, null)).toBe(0n);
    // fractional impact price: (10,001.5 − 10,000)/10,000 = 0.015 %
    expect(premiumIndex(10_000n, { value: 20_003n, qty: 2n }, null)).toBe(r('0.00015'));
  });
  it('averages samples toward zero', () => {
    expect(averagePremium([r('0.0001'), r('0.0002'), r('0.0006')])).toBe(r('0.0003'));
    expect(averagePremium([])).toBe(0n);
  });
});

describe('funding payments', () => {
  it('longs pay shorts when F > 0, shorts pay longs when F < 0', () => {
    // 2 long lots and 2 short lots at mark 50,000 ticks: notional 100,000 units each, F 0.01 % → 10 units
    expect(fundingPayments(r('0.0001'), 50_000n, [2n, -2n])).toEqual([-10n, 10n]);
    expect(fundingPayments(-r('0.0001'), 50_000n, [2n, -2n])).toEqual([10n, -10n]);
    expect(fundingPayments(0n, 50_000n, [2n, -2n])).toEqual([0n, 0n]);
    expect(fundingPayments(r('0.0001'), 50_000n, [2n, 0n, 3n])).toEqual([0n, 0n, 0n]); // no receivers: no transfer
  });

  it('hands the rounding residue to receivers, never to the platform', () => {
    // exact payments 0.5 units each for 3 longs → each pays 0; 1 long pays 1.5 → 1 collected
    const p = fundingPayments(r('0.0001'), 5_000n, [1n, 1n, 3n, -5n]);
    expect(p).toEqual([0n, 0n, -1n, 1n]);
  });

  it('property: payments sum to zero; payers never pay more than owed; receivers within one unit when OI nets to zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000n }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000n }), { minLength: 1, maxLength: 40 }),
        fc.bigInt({ min: -3_000_000n, max: 3_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (longsIn, shortsIn, rate, mark) => {
          // balance open interest: one more short takes up the difference (or one more long does); copies, because
          // fast-check reuses the generated arrays while shrinking
          const longs = [...longsIn];
          const shorts = [...shortsIn];
          const lSum = longs.reduce((a, b) => a + b, 0n);
          const sSum = shorts.reduce((a, b) => a + b, 0n);
          if (lSum > sSum) shorts.push(lSum - sSum);
          else if (sSum > lSum) longs.push(sSum - lSum);
          const sizes = [...longs, ...shorts.map((s) => -s)];
          const pay = fundingPayments(rate, mark, sizes);
          expect(pay.reduce((a, b) => a + b, 0n)).toBe(0n);
          for (let i = 0; i < sizes.length; i++) {
            const s = sizes[i]!;
            const exactTimesOne = (s < 0n ? -s : s) * mark * (rate < 0n ? -rate : rate); // |owed| × RATE_ONE
            const pays = rate > 0n ? s > 0n : s < 0n;
            if (rate === 0n) expect(pay[i]).toBe(0n);
            else if (pays) {
              expect(pay[i]! <= 0n).toBe(true);
              expect(-pay[i]! * RATE_ONE <= exactTimesOne).toBe(true);
              expect((-pay[i]! + 1n) * RATE_ONE > exactTimesOne).toBe(true);
            } else {
              expect(pay[i]! >= 0n).toBe(true);
              // within one unit of the exact amount
              const diff = pay[i]! * RATE_ONE - exactTimesOne;
              expect(diff < RATE_ONE && diff > -RATE_ONE * BigInt(sizes.length)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
