import { describe, expect, it } from 'vitest';
import { parseFixed } from '@tidemark/futures-math';
import { contractOf, priceToTicks, qtyToLots } from './contracts.ts';
import { replayLiquidation } from './liquidation-replay.ts';

const BTC = contractOf('BTCUSDT')!;
const usdt = (s: string) => parseFixed(s, 6);
const px = (s: string) => priceToTicks(BTC, s);
const lots = (s: string) => qtyToLots(BTC, s);
// a 10× long of 0.1 BTC at 100,000 with 1,000 USDT of margin
const long = { size: lots('0.1'), entryValue: usdt('10000') };

describe('replayLiquidation', () => {
  it('pays the liquidation fee out of what is left and returns the rest to the user', () => {
    const r = replayLiquidation(BTC, long, usdt('1000'), px('90361.4'), [{ qty: lots('0.1'), price: px('91000') }]);
    expect(r.liquidatable).toBe(true);
    expect(r.bankruptcyPrice).toBe(px('90000'));
    expect(r.liquidationPrice).toBe(px('90361.4'));
    // 1000 − 900 = 100 left; fee 0.1 × 90,361.4 × 0.5 % = 45.1807 (rounded up to the minor unit)
    expect(r.fills[0]).toMatchObject({ pnl: usdt('-900'), margin: usdt('1000'), insurance: usdt('45.1807') });
    expect(r.fills[0]!.toUser).toBe(usdt('100') - usdt('45.1807'));
    expect(r.insuranceDelta).toBe(usdt('45.1807'));
  });

  it('takes a fill beyond the bankruptcy price from the fund and splits the margin by quantity', () => {
    const r = replayLiquidation(BTC, long, usdt('1000'), px('89900'), [
      { qty: lots('0.03'), price: px('89800') },
      { qty: lots('0.07'), price: px('89900') },
    ]);
    // 0.03: margin 300, P&L −306 → −6; 0.07: margin 700, P&L −707 → −7
    expect(r.fills.map((f) => [f.margin, f.pnl, f.insurance])).toEqual([
      [usdt('300'), usdt('-306'), usdt('-6')],
      [usdt('700'), usdt('-707'), usdt('-7')],
    ]);
    expect(r.insuranceDelta).toBe(usdt('-13'));
  });

  it('refuses a fill larger than what is left', () => {
    expect(() =>
      replayLiquidation(BTC, long, usdt('1000'), px('90000'), [{ qty: lots('0.2'), price: px('90000') }]),
    ).toThrow(RangeError);
  });
});
