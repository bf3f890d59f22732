import { describe, expect, it } from 'vitest';
import { contractOf } from './contracts.ts';
import { nextMark, type MarkState } from './mark-price.ts';

const BTC = contractOf('BTCUSDT')!; // band 0.5 %, window 30 s

describe('mark price = index + EMA(basis), banded', () => {
  it('starts at the index and moves toward the book over the window', () => {
    let s = nextMark(BTC, null, { index: 1_000_000n, bestBid: 1_000_190n, bestAsk: 1_000_210n, at: 0 });
    expect(s.mark).toBe(1_000_000n);
    // basis 200 ticks; 3 s of a 30 s window → EMA 20
    s = nextMark(BTC, s, { index: 1_000_000n, bestBid: 1_000_190n, bestAsk: 1_000_210n, at: 3_000 });
    expect(s.mark).toBe(1_000_020n);
    // a full window or more jumps the EMA to the sample
    s = nextMark(BTC, s, { index: 1_000_000n, bestBid: 1_000_190n, bestAsk: 1_000_210n, at: 60_000 });
    expect(s.mark).toBe(1_000_200n);
    // the basis carries across index moves
    s = nextMark(BTC, s, { index: 1_001_000n, bestBid: null, bestAsk: 1_001_100n, at: 61_000 });
    expect(s.mark).toBe(1_001_200n);
  });

  it('keeps the mark within index × (1 ± band) whatever the book says', () => {
    let s: MarkState | null = null;
    for (let t = 0; t <= 120_000; t += 1_000) {
      s = nextMark(BTC, s, { index: 1_000_000n, bestBid: 2_000_000n, bestAsk: 2_000_001n, at: t });
    }
    expect(s!.mark).toBe(1_005_000n);
    s = nextMark(BTC, s, { index: 1_000_000n, bestBid: 1n, bestAsk: 2n, at: 1_000_000 });
    expect(s.mark).toBe(995_000n);
  });

  it('ignores time going backwards and a crossed book', () => {
    const a = nextMark(BTC, null, { index: 1_000_000n, bestBid: null, bestAsk: null, at: 10_000 });
    const b = nextMark(BTC, a, { index: 1_000_000n, bestBid: 1_000_500n, bestAsk: 1_000_400n, at: 20_000 });
    expect(b.basisEma).toBe(0n);
    const c = nextMark(BTC, b, { index: 1_000_000n, bestBid: 1_000_100n, bestAsk: 1_000_100n, at: 5_000 });
    expect(c.basisEma).toBe(0n);
    expect(c.at).toBe(20_000);
  });
});
