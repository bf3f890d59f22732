import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractOf } from './contracts.ts';
import { impactPrice, type ImpactPrice } from './funding.ts';
import { independentLevels, isIndependentTrade, type RestingOrder } from './independent-liquidity.ts';
import { basisSample, fundingPrice, median3, nextMark, type MarkObservation, type MarkState } from './mark-price.ts';

const BTC = contractOf('BTCUSDT')!; // tick 0.1, band 0.5 %, window 30 s, impact notional 20 000 USDT, 8 h funding
const INDEX = 1_000_000n; // 100 000.0

/** An impact price that fills at exactly `ticks`. */
const at = (ticks: bigint): ImpactPrice => ({ value: ticks * 10n, qty: 10n });

const obs = (o: Partial<MarkObservation> & { at: number }): MarkObservation => ({
  index: INDEX,
  impactBid: null,
  impactAsk: null,
  lastTrade: null,
  fundingRate: null,
  msToFunding: 0,
  ...o,
});

describe('median3', () => {
  it('is the middle value whatever the order', () => {
    for (const [a, b, c] of [
      [1n, 2n, 3n],
      [3n, 2n, 1n],
      [2n, 3n, 1n],
      [1n, 3n, 2n],
      [2n, 2n, 9n],
      [9n, 2n, 2n],
    ] as const) {
      expect(median3(a, b, c)).toBe(2n);
    }
  });
});

describe('basis sample from impact prices', () => {
  it('is the impact mid minus the index, in millionths of a tick', () => {
    expect(basisSample(INDEX, at(1_000_190n), at(1_000_210n))).toBe(200_000_000n);
    // a mid between ticks is kept exactly: (1 000 100 + 1 000 101) / 2 − index = 100.5 ticks
    expect(basisSample(INDEX, at(1_000_100n), at(1_000_101n))).toBe(100_500_000n);
  });
  it('is zero when a side cannot fill the impact notional or the impact prices cross', () => {
    expect(basisSample(INDEX, null, at(1_000_100n))).toBe(0n);
    expect(basisSample(INDEX, at(1_000_100n), null)).toBe(0n);
    expect(basisSample(INDEX, at(1_000_300n), at(1_000_200n))).toBe(0n);
  });
});

describe('funding price = index × (1 + F × time to funding / interval)', () => {
  it('decays linearly to the index at the funding time', () => {
    const eightHours = BTC.fundingIntervalMs;
    const rate = 100_000n; // 0.1 % per interval
    expect(fundingPrice(BTC, INDEX, rate, eightHours)).toBe(1_001_000n);
    expect(fundingPrice(BTC, INDEX, rate, eightHours / 2)).toBe(1_000_500n);
    expect(fundingPrice(BTC, INDEX, rate, 0)).toBe(INDEX);
    expect(fundingPrice(BTC, INDEX, -rate, eightHours)).toBe(999_000n);
    expect(fundingPrice(BTC, INDEX, null, eightHours)).toBe(INDEX);
    // never more than one interval ahead
    expect(fundingPrice(BTC, INDEX, rate, eightHours * 3)).toBe(1_001_000n);
  });
});

describe('mark = median(funding price, index + EMA(basis), last trade), banded', () => {
  it('starts at the index and follows an independent basis agreed by a recent trade', () => {
    let s = nextMark(BTC, null, obs({ impactBid: at(1_000_190n), impactAsk: at(1_000_210n), at: 0 }));
    expect(s.mark).toBe(INDEX);
    // the next mark after `s` at `now`: the same book throughout, a trade at its middle (1 000 200) at `tradedAt`
    const step = (now: number, tradedAt: number) =>
      nextMark(
        BTC,
        s,
        obs({
          impactBid: at(1_000_190n),
          impactAsk: at(1_000_210n),
          lastTrade: { price: 1_000_200n, at: tradedAt },
          at: now,
        }),
      );
    // 3 s of a 30 s window → EMA 20 ticks; the last trade is at the book, above: median = basis price
    s = step(3_000, 2_500);
    expect(s.inputs).toEqual({ funding: INDEX, basis: 1_000_020n, last: 1_000_200n });
    expect(s.mark).toBe(1_000_020n);
    s = step(60_000, 59_000);
    expect(s.mark).toBe(1_000_200n);
  });

  it('a basis the last trade does not confirm is outvoted by the funding price and the index', () => {
    let s: MarkState | null = null;
    for (let t = 0; t <= 600_000; t += 1_000) {
      s = nextMark(BTC, s, obs({ impactBid: at(1_000_190n), impactAsk: at(1_000_210n), at: t }));
    }
    // basis price 1 000 200, no recent trade (last = index), no funding rate (funding price = index)
    expect(s!.inputs!.basis).toBe(1_000_200n);
    expect(s!.mark).toBe(INDEX);
  });

  it('ignores a trade older than the window', () => {
    const s = nextMark(
      BTC,
      nextMark(BTC, null, obs({ at: 0, fundingRate: 100_000n, msToFunding: BTC.fundingIntervalMs })),
      obs({ at: 40_000, lastTrade: { price: 1_003_000n, at: 5_000 }, fundingRate: 100_000n, msToFunding: 1 }),
    );
    expect(s.inputs!.last).toBe(INDEX);
    expect(s.mark).toBe(INDEX);
  });

  it('keeps the mark within index × (1 ± band) whatever the inputs say', () => {
    let s: MarkState | null = null;
    for (let t = 0; t <= 120_000; t += 1_000) {
      s = nextMark(
        BTC,
        s,
        obs({
          impactBid: at(2_000_000n),
          impactAsk: at(2_000_001n),
          lastTrade: { price: 2_000_000n, at: t },
          at: t,
        }),
      );
    }
    expect(s!.mark).toBe(1_005_000n);
    s = nextMark(
      BTC,
      s,
      obs({ impactBid: at(1n), impactAsk: at(2n), lastTrade: { price: 1n, at: 1_000_000 }, at: 1_000_000 }),
    );
    expect(s.mark).toBe(995_000n);
  });

  it('ignores time going backwards', () => {
    const a = nextMark(BTC, null, obs({ at: 10_000 }));
    const c = nextMark(BTC, a, obs({ impactBid: at(1_000_100n), impactAsk: at(1_000_100n), at: 5_000 }));
    expect(c.basisEma).toBe(0n);
    expect(c.at).toBe(10_000);
  });
});

describe('independent liquidity', () => {
  const orders: RestingOrder[] = [
    { owner: 1, side: 'buy', price: 99n, qty: 5n },
    { owner: 7, side: 'buy', price: 100n, qty: 3n },
    { owner: 2, side: 'buy', price: 99n, qty: 1n },
    { owner: 2, side: 'sell', price: 102n, qty: 4n },
    { owner: 7, side: 'sell', price: 101n, qty: 9n },
  ];
  it('aggregates the levels of everyone but the platform, best first', () => {
    expect(independentLevels(orders, 'buy', new Set([7]))).toEqual([[99n, 6n]]);
    expect(independentLevels(orders, 'sell', new Set([7]))).toEqual([[102n, 4n]]);
    expect(independentLevels(orders, 'buy', new Set())).toEqual([
      [100n, 3n],
      [99n, 6n],
    ]);
  });
  it('counts a trade only between two independent accounts', () => {
    expect(isIndependentTrade(1, 2, new Set([7]))).toBe(true);
    expect(isIndependentTrade(7, 2, new Set([7]))).toBe(false);
    expect(isIndependentTrade(1, 7, new Set([7]))).toBe(false);
  });
});

/**
 * The failure this design exists to prevent: the platform's maker quotes symmetric levels around the MARK
 * (as futures/market-maker.ts does) and traders take them. Whatever basis the mark starts with, whatever funding
 * rate was last settled, however the index moves and however the maker's quotes are taken, the mark must come
 * back to the index — the maker's own quotes cannot hold it away.
 */
describe('property: with only the platform maker quoting, the mark converges to the index', () => {
  const MAKER = 42;
  const platform = new Set([MAKER]);

  function makerQuotes(mark: bigint, spreadParts: bigint, levels: number, lots: bigint): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (let i = 1; i <= levels; i++) {
      const d = (mark * spreadParts * BigInt(i)) / 100_000_000n;
      out.push({ owner: MAKER, side: 'buy', price: mark - d - 1n, qty: lots });
      out.push({ owner: MAKER, side: 'sell', price: mark + d + 1n, qty: lots });
    }
    return out;
  }

  it('holds for any start, funding rate, index path and taker flow', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -5_000n, max: 5_000n }), // starting basis EMA in ticks (up to the 0.5 % band)
        fc.bigInt({ min: -BTC.fundingCap, max: BTC.fundingCap }), // last settled funding rate
        fc.integer({ min: 0, max: BTC.fundingIntervalMs }), // time to the next funding at the start
        fc.array(fc.record({ dt: fc.integer({ min: 200, max: 5_000 }), move: fc.integer({ min: -50, max: 50 }) }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.bigInt({ min: 10_000n, max: 500_000n }), // maker spread, parts of 10^8 (0.01 % … 0.5 %)
        fc.bigInt({ min: 1n, max: 100_000n }), // maker lots per level
        (startBasis, rate, toFunding, path, spread, lots) => {
          let index = INDEX;
          let t = 0;
          let s: MarkState = {
            basisEma: startBasis * 1_000_000n,
            at: 0,
            index,
            mark: index + startBasis,
          };
          let lastTrade: { price: bigint; at: number } | null = null;
          const step = (dt: number, move: number) => {
            t += dt;
            index += BigInt(move);
            const book = makerQuotes(s.mark, spread, 5, lots);
            // a taker hits the maker's best quote: a trade the mark must not learn from
            const best = book[move >= 0 ? 1 : 0]!;
            if (isIndependentTrade(1, best.owner, platform)) lastTrade = { price: best.price, at: t };
            s = nextMark(BTC, s, {
              index,
              impactBid: impactPrice(independentLevels(book, 'buy', platform), BTC.impactNotional),
              impactAsk: impactPrice(independentLevels(book, 'sell', platform), BTC.impactNotional),
              lastTrade,
              fundingRate: rate,
              msToFunding: Math.max(0, toFunding - t),
              at: t,
            });
          };
          for (const p of path) step(p.dt, p.move);
          // then twenty basis windows (ten minutes) of the same maker-only book, one observation a second
          for (let k = 0; k < 600; k++) step(1_000, 0);
          const off = s.mark > index ? s.mark - index : index - s.mark;
          expect(off).toBeLessThanOrEqual(1n);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the old rule (book mid including the maker) would have held the basis: the test can fail', () => {
    // the maker's symmetric quotes around a mark 0.25 % above the index give a mid 0.25 % above the index
    const mark = INDEX + 2_500n;
    const book = makerQuotes(mark, 100_000n, 5, 10_000n);
    const withMaker = basisSample(
      INDEX,
      impactPrice(independentLevels(book, 'buy', new Set()), BTC.impactNotional),
      impactPrice(independentLevels(book, 'sell', new Set()), BTC.impactNotional),
    );
    // (the impact fill rounds its last level up to whole lots, so the mid is within a tick of the mark)
    expect(withMaker > 2_499n * 1_000_000n && withMaker <= 2_500n * 1_000_000n).toBe(true);
    const without = basisSample(
      INDEX,
      impactPrice(independentLevels(book, 'buy', platform), BTC.impactNotional),
      impactPrice(independentLevels(book, 'sell', platform), BTC.impactNotional),
    );
    expect(without).toBe(0n);
  });
});
