import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankruptcyPrice, liquidationPrice } from './liquidation-price.ts';
import { unrealizedPnl, type Position } from './position.ts';
import { buildTiers } from './tier-table.ts';
import { maintenanceMarginScaled } from './tiers.ts';
import { absBig, RATE_ONE } from './units.ts';

const tiers = buildTiers('BTCUSDT', [
  { notionalCap: '50000', mmr: '0.004', maxLeverage: 100 },
  { notionalCap: '600000', mmr: '0.005', maxLeverage: 75 },
  { notionalCap: '3000000', mmr: '0.0065', maxLeverage: 50 },
  { notionalCap: '1200000000', mmr: '0.25', maxLeverage: 1 },
]);
const table = { tiers, maxLeverage: 100 };

/** Liquidatable at mark m when the margin left is at most the maintenance margin, with no rounding. */
/** Any one-way position (lots at an entry tick, either side) and the collateral behind it. */
const positionCase = fc
  .record({
    lots: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    ticks: fc.bigInt({ min: 1n, max: 10n ** 7n }),
    long: fc.boolean(),
    collateral: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  })
  .map(({ lots, ticks, long, collateral }) => ({
    position: { size: long ? lots : -lots, entryValue: lots * ticks },
    long,
    collateral,
  }));

const liquidatable = (p: Position, collateral: bigint, mark: bigint): boolean =>
  (collateral + unrealizedPnl(p, mark)) * RATE_ONE <= maintenanceMarginScaled(table, absBig(p.size) * mark);

describe('liquidation price', () => {
  it('a 10× long of 0.01 BTC at 50,000 (ticks of 0.1, lots of 0.00001)', () => {
    const position = { size: 1000n, entryValue: 1000n * 500_000n };
    // LP = (500 − 50) / (0.01 × (1 − 0.004)) = 45180.722… → 451807 ticks
    expect(liquidationPrice(table, position, 50_000_000n)).toBe(451_807n);
    expect(liquidationPrice(table, { size: 0n, entryValue: 0n }, 1n)).toBeNull();
  });

  it('is the first mark at which the position is liquidatable, on either side and in every bracket', () => {
    fc.assert(
      fc.property(positionCase, ({ position, long, collateral }) => {
        const liq = liquidationPrice(table, position, collateral);
        if (liq === null) {
          // only a long can be safe at every price: its collateral covers what it could lose
          expect(long).toBe(true);
          expect(liquidatable(position, collateral, 1n)).toBe(false);
          return;
        }
        expect(liquidatable(position, collateral, liq)).toBe(true);
        const safer = long ? liq + 1n : liq - 1n;
        if (safer >= 1n) expect(liquidatable(position, collateral, safer)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('the bankruptcy price never loses more than the collateral', () => {
    fc.assert(
      fc.property(positionCase, ({ position, collateral }) => {
        const bp = bankruptcyPrice(position, collateral);
        if (bp === null) return;
        expect(-unrealizedPnl(position, bp)).toBeLessThanOrEqual(collateral);
      }),
    );
  });
});
