import { describe, expect, it } from 'vitest';
import { contractOf, priceToTicks, qtyToLots } from './contracts.ts';
import { ADL_SCORE_ONE, adlBuckets, adlScore, liquidationFee, marginState } from './liquidation.ts';
import type { Position } from '@tidemark/futures-math';
import { parseFixed } from '@tidemark/futures-math';

const ETH = contractOf('ETHUSDT')!;
const usdt = (s: string) => parseFixed(s, 6);
const px = (s: string) => priceToTicks(ETH, s);

describe('liquidation decision', () => {
  it('liquidates when the margin balance is at or below the maintenance margin', () => {
    const pos: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    // margin 100, mark 1912.43: balance 12.43, MM 1912.43 × 0.65 % = 12.430795 → liquidatable
    const at = marginState(usdt('100'), [{ contract: ETH, position: pos, mark: px('1912.43') }]);
    expect(at).toEqual({ marginBalance: usdt('12.43'), maintenance: usdt('12.430795'), liquidatable: true });
    expect(marginState(usdt('100'), [{ contract: ETH, position: pos, mark: px('1912.44') }]).liquidatable).toBe(false);
    expect(marginState(usdt('100'), []).liquidatable).toBe(false);
  });
});

describe('ADL ranking', () => {
  it('scores profit % × effective leverage, losses divided by it', () => {
    // long 1 ETH @ 2000, mark 2200, bankruptcy 1900: PnL% 10 %, EffLev 2200/(2200−1900) = 7.333…
    const pos: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    expect(adlScore(pos, px('2200'), px('1900'))).toBe((ADL_SCORE_ONE * 2200n) / 3000n);
    // loss: mark 1950 → PnL% −2.5 %, EffLev 1950/50 = 39 → −0.025/39
    expect(adlScore(pos, px('1950'), px('1900'))).toBe((-ADL_SCORE_ONE * 25n * 50n) / (1000n * 1950n));
    // short mirrored: short 1 @ 2000, mark 1800, bankruptcy 2100: 10 % × 1800/300 = 0.6
    const short: Position = { size: -qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    expect(adlScore(short, px('1800'), px('2100'))).toBe((ADL_SCORE_ONE * 6n) / 10n);
  });

  it('ranks the more leveraged of two equally profitable positions first', () => {
    const pos: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const highLev = adlScore(pos, px('2200'), px('1950'));
    const lowLev = adlScore(pos, px('2200'), px('1000'));
    expect(highLev > lowLev).toBe(true);
  });

  it('shows 5 lights to the top 20 %, 1 to the bottom 20 %, equal lights for equal scores', () => {
    const scores = [10n, 9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n];
    expect(adlBuckets(scores)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1]);
    expect(adlBuckets([1n, 3n, 3n, 2n])).toEqual([2, 5, 5, 3]);
    expect(adlBuckets([7n])).toEqual([5]);
    expect(adlBuckets([])).toEqual([]);
  });

  it('charges the liquidation fee on the notional, never more than what is left', () => {
    expect(liquidationFee(ETH, usdt('2000'), usdt('100'))).toBe(usdt('10'));
    expect(liquidationFee(ETH, usdt('2000'), usdt('3'))).toBe(usdt('3'));
    expect(liquidationFee(ETH, usdt('2000'), -5n)).toBe(0n);
  });
});
