import { describe, expect, it } from 'vitest';
import { RATE_ONE } from '@tidemark/futures-math';
import { contractOf } from './contracts.ts';
import { marginRatios, overThreshold, type WarningLeg } from './margin-warning.ts';

const BTC = contractOf('BTCUSDT')!;
// BTC: tick 0.1 and step 0.00001, so 1 tick × 1 lot = 1 USDT minor unit; 100,000 = 1,000,000 ticks, 0.1 BTC = 10,000 lots
const leg = (over: Partial<WarningLeg>): WarningLeg => ({
  positionId: 1,
  contract: BTC,
  position: { size: 10_000n, entryValue: 10_000n * 1_000_000n }, // 0.1 BTC long at 100,000
  margin: 1_000_000_000n, // 1,000 USDT (10×)
  marginMode: 'isolated',
  mark: 1_000_000n,
  ...over,
});

describe('margin ratio of the liquidation warnings', () => {
  it('isolated: maintenance over margin + uPnL, rising as the mark falls toward liquidation', () => {
    const at = (mark: bigint) => marginRatios([leg({ mark })], 0n).get(1)!;
    // tier 1 (MMR 0.4 %): 10,000 USDT notional → 40 USDT maintenance over 1,000 USDT balance = 0.04
    expect(at(1_000_000n)).toBe((4n * RATE_ONE) / 100n);
    const lower = at(910_000n); // −900 USDT: balance 100, maintenance 36.4 → 0.364
    expect(lower).toBe((364n * RATE_ONE) / 1000n);
    expect(at(900_000n)).toBeNull(); // margin + uPnL = 0: liquidation due
    expect(overThreshold(lower, (8n * RATE_ONE) / 10n)).toBe(false);
    expect(overThreshold(at(905_000n), (8n * RATE_ONE) / 10n)).toBe(false); // 36.2 / 50 = 0.724
    expect(overThreshold(at(903_000n), (8n * RATE_ONE) / 10n)).toBe(true); // 36.12 / 30 ≈ 1.2
    expect(overThreshold(null, (8n * RATE_ONE) / 10n)).toBe(true);
  });

  it('cross: the legs share one ratio over the wallet and every cross margin and uPnL', () => {
    const a = leg({ positionId: 1, marginMode: 'cross' });
    const b = leg({
      positionId: 2,
      marginMode: 'cross',
      position: { size: -10_000n, entryValue: 10_000n * 1_000_000n },
    });
    const r = marginRatios([a, b], 500_000_000n);
    // hedged: uPnL cancels; maintenance 40 + 40 over 500 + 1000 + 1000 → 80 / 2500 = 0.032
    expect(r.get(1)).toBe((32n * RATE_ONE) / 1000n);
    expect(r.get(2)).toBe(r.get(1));
  });

  it('leaves out a leg with no mark yet', () => {
    expect(marginRatios([leg({ mark: null })], 0n).size).toBe(0);
  });
});
