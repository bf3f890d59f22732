import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildContract,
  CONTRACT_CONFIGS,
  contractOf,
  priceToTicks,
  qtyToLots,
  ticksToPrice,
  type Contract,
} from './contracts.ts';
import { isCrossLiquidatable, isIsolatedLiquidatable } from './liquidation.ts';
import { bankruptcyPrice, crossBankruptcyCollateral, crossCollateral, liquidationPrice } from '@tidemark/futures-math';
import { initialMargin, type Position } from '@tidemark/futures-math';
import { tierFor } from '@tidemark/futures-math';
import { parseFixed } from '@tidemark/futures-math';

const usdt = (s: string) => parseFixed(s, 6);
const ETH = contractOf('ETHUSDT')!;
const BTC = contractOf('BTCUSDT')!;

describe('liquidation price: reference worked examples', () => {
  it('isolated ETH 1 @ 2000, 20× (IM 100), tier 1 MMR 0.65 %: long 1912.43, short 2086.44', () => {
    const long: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const short: Position = { size: -qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    expect(ticksToPrice(ETH, liquidationPrice(ETH, long, usdt('100'))!)).toBe('1912.43');
    expect(ticksToPrice(ETH, liquidationPrice(ETH, short, usdt('100'))!)).toBe('2086.44');
  });

  it('Bybit example in the Binance form: 1 BTC @ 20,000, 50×, MMR 0.5 % → 19,698.49 (19,698.4 on a 0.1 tick)', () => {
    const flat = buildContract({
      ...CONTRACT_CONFIGS[0]!,
      tiers: [{ notionalCap: '1000000', mmr: '0.005', maxLeverage: 100 }],
    });
    const long: Position = { size: qtyToLots(flat, '1'), entryValue: usdt('20000') };
    const im = initialMargin(usdt('20000'), 50);
    expect(im).toBe(usdt('400'));
    expect(ticksToPrice(flat, liquidationPrice(flat, long, im)!)).toBe('19698.4');
    // bankruptcy: EP × (1 − 1/L) = 19,600; Bybit's 10,000 × (1 − 2 %) = 9,800
    expect(ticksToPrice(flat, bankruptcyPrice(long, im)!)).toBe('19600');
    const small: Position = { size: qtyToLots(flat, '1'), entryValue: usdt('10000') };
    expect(ticksToPrice(flat, bankruptcyPrice(small, initialMargin(usdt('10000'), 50))!)).toBe('9800');
  });

  it('shows no liquidation price for a long whose collateral covers its value ("--")', () => {
    const long: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    expect(liquidationPrice(ETH, long, usdt('2000'))).toBeNull();
    expect(bankruptcyPrice(long, usdt('2000'))).toBeNull();
    expect(liquidationPrice(ETH, { size: 0n, entryValue: 0n }, 1n)).toBeNull();
  });

  it("cross: W = wallet − other positions' maintenance + their uPnL", () => {
    // account: 500 USDT wallet, a BTC long 0.1 @ 90,000 now marked 91,000, and 1 ETH long @ 2000 (the one priced)
    const btcLeg = {
      contract: BTC,
      position: { size: qtyToLots(BTC, '0.1'), entryValue: usdt('9000') },
      mark: priceToTicks(BTC, '91000'),
    };
    const w = crossCollateral(usdt('500'), [btcLeg]);
    // BTC notional 9,100 in tier 1 (MMR 0.4 %): MM 36.4; uPnL +100 → W = 500 − 36.4 + 100 = 563.6
    expect(w).toBe(usdt('563.6'));
    expect(crossBankruptcyCollateral(usdt('500'), [btcLeg])).toBe(usdt('600'));
    const eth: Position = { size: qtyToLots(ETH, '1'), entryValue: usdt('2000') };
    const lp = liquidationPrice(ETH, eth, w)!;
    // (2000 − 563.6) / 0.9935 = 1445.79...
    expect(ticksToPrice(ETH, lp)).toBe('1445.79');
    // the account is liquidatable exactly from that tick down (with the BTC mark held)
    const legs = (m: bigint) => [btcLeg, { contract: ETH, position: eth, mark: m }];
    expect(isCrossLiquidatable(usdt('500'), legs(lp))).toBe(true);
    expect(isCrossLiquidatable(usdt('500'), legs(lp + 1n))).toBe(false);
  });
});

/** An independent float oracle of the Binance one-way formula with the bracket chosen at the LP (test only). */
function oracle(contract: Contract, pos: Position, w: number): number | null {
  const q = Number(pos.size < 0n ? -pos.size : pos.size);
  const ev = Number(pos.entryValue);
  for (const [i, t] of contract.tiers.entries()) {
    const mmr = Number(t.mmr) / 1e8;
    const cum = Number(t.cumScaled) / 1e8;
    const lp = pos.size > 0n ? (ev - w - cum) / (q * (1 - mmr)) : (ev + w + cum) / (q * (1 + mmr));
    const n = q * lp;
    if ((i === 0 || n > Number(t.floor)) && (i === contract.tiers.length - 1 || n <= Number(t.cap)))
      return lp > 0 ? lp : null;
  }
  return null;
}

describe('liquidation price in each tier', () => {
  for (const contract of [BTC, ETH, contractOf('DOGEUSDT')!]) {
    for (const tier of contract.tiers) {
      for (const side of [1n, -1n]) {
        it(`${contract.symbol} bracket ${tier.bracket} ${side > 0n ? 'long' : 'short'} at its max leverage`, () => {
          // a position in the middle of the bracket, priced at 100,000 ticks, opened at the bracket's max leverage
          const hi = tier.bracket === contract.tiers.length ? tier.floor * 2n + 1_000_000n : tier.cap;
          const value = (tier.floor + hi) / 2n;
          const price = 100_000n;
          const size = value / price;
          const pos: Position = { size: side * size, entryValue: size * price };
          const margin = initialMargin(pos.entryValue, tier.maxLeverage);
          const lp = liquidationPrice(contract, pos, margin)!;
          if (side > 0n && tier.maxLeverage === 1) {
            expect(lp).toBeNull(); // a 1× long is fully collateralised: never liquidated
            return;
          }
          expect(lp).not.toBeNull();
          const expected = oracle(contract, pos, Number(margin))!;
          expect(Math.abs(Number(lp) - expected)).toBeLessThanOrEqual(1);
          // the bracket at the liquidation price: lower for a long (the notional falls), higher for a short
          const at = tierFor(contract, size * lp).bracket;
          expect(side > 0n ? at <= tier.bracket : at >= tier.bracket).toBe(true);
          // the tick is the first liquidated mark
          expect(isIsolatedLiquidatable(contract, pos, margin, lp)).toBe(true);
          expect(isIsolatedLiquidatable(contract, pos, margin, side > 0n ? lp + 1n : lp - 1n)).toBe(false);
          // liquidation before bankruptcy: the bankruptcy price lies beyond the liquidation price
          const bp = bankruptcyPrice(pos, margin)!;
          expect(side > 0n ? bp < lp : bp > lp).toBe(true);
        });
      }
    }
  }

  it('property: the liquidation tick is exactly where the margin condition flips, across all brackets', () => {
    const contracts = [BTC, ETH, contractOf('SOLUSDT')!];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: contracts.length - 1 }),
        fc.boolean(),
        fc.bigInt({ min: 1n, max: 10_000_000n }), // lots
        fc.bigInt({ min: 100n, max: 2_000_000n }), // entry ticks
        fc.integer({ min: 1, max: 125 }), // leverage-ish: margin = value / L
        (ci, long, size, price, lev) => {
          const c = contracts[ci]!;
          const pos: Position = { size: long ? size : -size, entryValue: size * price };
          const margin = initialMargin(pos.entryValue, lev);
          const lp = liquidationPrice(c, pos, margin);
          if (lp === null) {
            expect(long).toBe(true);
            expect(isIsolatedLiquidatable(c, pos, margin, 1n)).toBe(false);
            return;
          }
          expect(isIsolatedLiquidatable(c, pos, margin, lp)).toBe(true);
          const safe = long ? lp + 1n : lp - 1n;
          if (safe >= 1n) expect(isIsolatedLiquidatable(c, pos, margin, safe)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
