import { describe, expect, it } from 'vitest';
import {
  buildContract,
  CONTRACT_CONFIGS,
  CONTRACTS,
  contractOf,
  priceToTicks,
  qtyToLots,
  ticksToPrice,
} from './contracts.ts';
import {
  checkLeverage,
  maintenanceMargin,
  maintenanceMarginScaled,
  maxNotionalForLeverage,
  tierFor,
} from '@tidemark/futures-math';
import { parseFixed, RATE_ONE } from '@tidemark/futures-math';

const usdt = (s: string) => parseFixed(s, 6);
const ETH = contractOf('ETHUSDT')!;
const BTC = contractOf('BTCUSDT')!;

describe('contract tables', () => {
  it('every listed coin has a contract that builds', () => {
    expect(CONTRACTS.map((c) => c.base)).toEqual(CONTRACT_CONFIGS.map((c) => c.base));
    expect(CONTRACTS.length).toBeGreaterThanOrEqual(12);
  });

  it('converts prices and quantities on the tick and step grid', () => {
    expect(priceToTicks(BTC, '97500.3')).toBe(975_003n);
    expect(ticksToPrice(BTC, 975_003n)).toBe('97500.3');
    expect(qtyToLots(ETH, '1.5')).toBe(15_000n);
    expect(() => priceToTicks(BTC, '97500.35')).toThrow();
    // lots × ticks is USDT minor units: 1.5 ETH × 2000.00 = 3000 USDT
    expect(qtyToLots(ETH, '1.5') * priceToTicks(ETH, '2000')).toBe(usdt('3000'));
  });

  it('refuses malformed tables', () => {
    const base = CONTRACT_CONFIGS[0]!;
    expect(() => buildContract({ ...base, tiers: [] })).toThrow();
    expect(() =>
      buildContract({
        ...base,
        tiers: [
          { notionalCap: '100', mmr: '0.02', maxLeverage: 10 },
          { notionalCap: '200', mmr: '0.01', maxLeverage: 5 },
        ],
      }),
    ).toThrow(/MMR must rise/);
    expect(() => buildContract({ ...base, tiers: [{ notionalCap: '100', mmr: '0.02', maxLeverage: 50 }] })).toThrow(
      /below its MMR/,
    );
    expect(() => buildContract({ ...base, tickSize: '0.1', stepSize: '0.001' })).toThrow(/one USDT minor unit/);
  });
});

describe('maintenance amount (cum)', () => {
  it('follows the recurrence of the reference (tier 2 floor 10,000, MMR 1 % → cum 35)', () => {
    const t2 = ETH.tiers[1]!;
    expect(t2.floor).toBe(usdt('10000'));
    expect(t2.cumScaled).toBe(usdt('35') * RATE_ONE);
    // at notional 10,000 both sides give MM = 65
    expect(maintenanceMargin(ETH, usdt('10000'))).toBe(usdt('65'));
    expect(usdt('10000') * t2.mmr - t2.cumScaled).toBe(usdt('65') * RATE_ONE);
  });

  it('keeps the maintenance margin continuous across every edge of every contract', () => {
    for (const c of CONTRACTS) {
      for (let k = 1; k < c.tiers.length; k++) {
        const below = c.tiers[k - 1]!;
        const above = c.tiers[k]!;
        const edge = above.floor;
        // the same notional priced with either bracket's rate and cum gives the same requirement, exactly
        expect(edge * below.mmr - below.cumScaled).toBe(edge * above.mmr - above.cumScaled);
        // and one minor unit across the edge moves it by at most one unit's worth of the higher rate
        const jump = maintenanceMarginScaled(c, edge + 1n) - maintenanceMarginScaled(c, edge);
        expect(jump).toBe(above.mmr);
      }
    }
  });

  it('puts a notional exactly on a cap in the lower bracket', () => {
    expect(tierFor(BTC, usdt('50000')).bracket).toBe(1);
    expect(tierFor(BTC, usdt('50000') + 1n).bracket).toBe(2);
    expect(tierFor(BTC, 0n).bracket).toBe(1);
    expect(tierFor(BTC, usdt('5000000000')).bracket).toBe(BTC.tiers.length);
  });
});

describe('leverage bounded by the tier of the resulting notional', () => {
  it('allows the maximum leverage only inside the first bracket', () => {
    expect(maxNotionalForLeverage(BTC, 100)).toBe(usdt('50000'));
    expect(maxNotionalForLeverage(BTC, 76)).toBe(usdt('50000'));
    expect(maxNotionalForLeverage(BTC, 75)).toBe(usdt('600000'));
    expect(maxNotionalForLeverage(BTC, 1)).toBe(usdt('1200000000'));
    expect(checkLeverage(BTC, 100, usdt('50000'))).toBeNull();
    expect(checkLeverage(BTC, 100, usdt('50000.000001'))).toBe('leverageTooHighForPosition');
    expect(checkLeverage(BTC, 50, usdt('2000000'))).toBeNull();
    expect(checkLeverage(BTC, 101, 1n)).toBe('leverageInvalid');
    expect(checkLeverage(BTC, 0, 1n)).toBe('leverageInvalid');
    expect(checkLeverage(BTC, 2.5, 1n)).toBe('leverageInvalid');
  });
});
