import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTiers, tierTableFromPublished, type TierConfig } from './tier-table.ts';
import { maintenanceMargin, maintenanceMarginScaled, maxNotionalForLeverage, tierFor } from './tiers.ts';
import { formatFixed, RATE_ONE } from './units.ts';

const ETH: TierConfig[] = [
  { notionalCap: '10000', mmr: '0.0065', maxLeverage: 75 },
  { notionalCap: '100000', mmr: '0.01', maxLeverage: 50 },
  { notionalCap: '500000', mmr: '0.02', maxLeverage: 25 },
  { notionalCap: '50000000', mmr: '0.5', maxLeverage: 1 },
];
const USDT = 1_000_000n;

/** Any well-formed tier table: caps and MMRs rise, leverage falls, 1/L stays above the MMR. */
const tierTable = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 40 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((steps) => {
    let cap = 0;
    let mmrBp = 0;
    return steps.map(([capStep, mmrStep], i) => {
      cap += capStep;
      mmrBp = Math.min(mmrBp + mmrStep, 9_000 + i);
      const maxLeverage = Math.max(1, Math.floor(10_000 / (mmrBp + 1)) - 1);
      return { notionalCap: String(cap), mmr: formatFixed(BigInt(mmrBp), 4), maxLeverage };
    });
  })
  .filter((configs) => {
    try {
      buildTiers('any', configs);
      return true;
    } catch {
      return false;
    }
  });

describe('tier table', () => {
  it("derives the maintenance amounts (the reference's ETH example)", () => {
    const tiers = buildTiers('ETHUSDT', ETH);
    expect(tiers.map((t) => t.cumScaled / RATE_ONE)).toEqual([0n, 35n * USDT, 1035n * USDT, 241035n * USDT]);
    expect(tiers[1]!.floor).toBe(10_000n * USDT);
  });

  it('refuses a table that is not well formed', () => {
    expect(() => buildTiers('X', [])).toThrow(/no tiers/);
    expect(() => buildTiers('X', [ETH[1]!, ETH[0]!])).toThrow(/cap not above its floor/);
    expect(() => buildTiers('X', [{ notionalCap: '10', mmr: '0.02', maxLeverage: 75 }])).toThrow(/below its MMR/);
    expect(() =>
      buildTiers('X', [
        { notionalCap: '10', mmr: '0.01', maxLeverage: 20 },
        { notionalCap: '20', mmr: '0.02', maxLeverage: 25 },
      ]),
    ).toThrow(/does not rise/);
  });

  it('reads back what the API publishes', () => {
    const published = buildTiers('ETHUSDT', ETH).map((t) => ({
      bracket: t.bracket,
      notionalCap: formatFixed(t.cap, 6),
      maintMarginRatio: formatFixed(t.mmr, 8),
      maxLeverage: t.maxLeverage,
    }));
    const table = tierTableFromPublished('ETHUSDT', [...published].reverse());
    expect(table.tiers).toEqual(buildTiers('ETHUSDT', ETH));
    expect(table.maxLeverage).toBe(75);
  });

  it('keeps the maintenance margin continuous at every edge and never falling', () => {
    fc.assert(
      fc.property(tierTable, fc.bigInt({ min: 0n, max: 10n ** 13n }), (configs, notional) => {
        const table = { tiers: buildTiers('any', configs), maxLeverage: Number.MAX_SAFE_INTEGER };
        for (const t of table.tiers) {
          // the two brackets that meet at an edge give the same requirement there
          const next = table.tiers[t.bracket];
          if (next) expect(t.cap * t.mmr - t.cumScaled).toBe(t.cap * next.mmr - next.cumScaled);
        }
        expect(maintenanceMarginScaled(table, notional + 1n)).toBeGreaterThanOrEqual(
          maintenanceMarginScaled(table, notional),
        );
        // rounded up, by less than one minor unit
        const mm = maintenanceMargin(table, notional);
        expect(mm * RATE_ONE - maintenanceMarginScaled(table, notional)).toBeLessThan(RATE_ONE);
        expect(mm * RATE_ONE).toBeGreaterThanOrEqual(maintenanceMarginScaled(table, notional));
      }),
    );
  });

  it('allows a leverage only up to the cap of the highest bracket that permits it', () => {
    fc.assert(
      fc.property(tierTable, fc.integer({ min: 1, max: 200 }), (configs, leverage) => {
        const tiers = buildTiers('any', configs);
        const table = { tiers, maxLeverage: tiers[0]!.maxLeverage };
        const cap = maxNotionalForLeverage(table, leverage);
        if (cap > 0n) expect(tierFor(table, cap).maxLeverage).toBeGreaterThanOrEqual(leverage);
        else expect(leverage).toBeGreaterThan(table.maxLeverage);
      }),
    );
  });
});
