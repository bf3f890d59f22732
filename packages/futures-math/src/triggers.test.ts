import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePnl } from './position.ts';
import {
  CALLBACK_ONE,
  estimatedClosePnl,
  stepTrailing,
  trailingStopPrice,
  triggerPrice,
  type TrailingStop,
} from './triggers.ts';

const run = (t: TrailingStop, prices: bigint[]) => {
  let state = t;
  const fired: number[] = [];
  prices.forEach((p, i) => {
    const s = stepTrailing(state, p);
    state = { ...state, watermark: s.watermark };
    if (s.fired) fired.push(i);
  });
  return { state, fired };
};

describe('triggerPrice', () => {
  it('gives the mark or the last trade as chosen', () => {
    expect(triggerPrice('mark', 100n, 90n)).toBe(100n);
    expect(triggerPrice('last', 100n, 90n)).toBe(90n);
    expect(triggerPrice('last', 100n, null)).toBeNull();
  });
});

describe('trailing stop', () => {
  it('follows the high of a long and fires on a 1 % retracement from it', () => {
    const { state, fired } = run({ side: 1, callback: 100n, activation: null, watermark: null }, [
      1000n,
      1010n,
      1050n,
      1040n,
      1040n,
      1039n,
    ]);
    expect(state.watermark).toBe(1050n);
    // 1050 × 0.99 = 1039.5: 1040 does not fire, 1039 does
    expect(fired).toEqual([5]);
    expect(trailingStopPrice(state)).toBe(1039n);
  });

  it('waits for the activation price, then starts from it (short: mirrored)', () => {
    const t: TrailingStop = { side: -1, callback: 200n, activation: 900n, watermark: null };
    const { state, fired } = run(t, [950n, 910n, 900n, 880n, 897n, 898n]);
    expect(state.watermark).toBe(880n);
    // 880 × 1.02 = 897.6: 898 fires, 897 does not
    expect(fired).toEqual([5]);
    expect(trailingStopPrice(state)).toBe(898n);
    expect(stepTrailing(t, 950n)).toEqual({ watermark: null, fired: false });
  });

  it('never fires before activation and fires exactly when the retracement reaches the callback', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | -1>(1, -1),
        fc.integer({ min: 10, max: 1000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        (side, cb, raw) => {
          const prices = raw.map(BigInt);
          let wm: bigint | null = null;
          for (const p of prices) {
            const s = stepTrailing({ side, callback: BigInt(cb), activation: null, watermark: wm }, p);
            const best: bigint = wm === null ? p : side > 0 ? (p > wm ? p : wm) : p < wm ? p : wm;
            expect(s.watermark).toBe(best);
            // fired ⇔ the move back from the best price is at least callback / 10000 of it
            const back = side > 0 ? best - p : p - best;
            expect(s.fired).toBe(back * CALLBACK_ONE >= best * BigInt(cb));
            wm = s.watermark;
          }
        },
      ),
    );
  });
});

describe('estimatedClosePnl', () => {
  it('is the closing P&L less the taker fee of a market close', () => {
    // long 10 lots, entry value 1,000,000 (100,000 a lot), close at 101,000 a lot, fee 0.05 %
    const long = { size: 10n, entryValue: 1_000_000n };
    expect(estimatedClosePnl(long, 101_000n, 50_000n)).toBe(10_000n - 505n);
    const short = { size: -10n, entryValue: 1_000_000n };
    expect(estimatedClosePnl(short, 99_000n, 50_000n)).toBe(10_000n - 495n);
    expect(estimatedClosePnl({ size: 0n, entryValue: 0n }, 5n, 50_000n)).toBe(0n);
  });

  it('never exceeds the fee-free closing P&L, by at most the fee rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }).filter((s) => s !== 0),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (size, entry, price, fee) => {
          const pos = { size: BigInt(size), entryValue: BigInt(Math.abs(size)) * BigInt(entry) };
          const gross = closePnl(pos, BigInt(Math.abs(size)), BigInt(price));
          const est = estimatedClosePnl(pos, BigInt(price), BigInt(fee));
          const notional = BigInt(Math.abs(size)) * BigInt(price);
          expect(gross - est).toBe((notional * BigInt(fee) + 99_999_999n) / 100_000_000n);
        },
      ),
    );
  });
});
