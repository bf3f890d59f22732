import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractOf, priceToTicks, qtyToLots } from './contracts.ts';
import {
  applyFill,
  averageEntryScaled,
  closePnl,
  FLAT,
  initialMargin,
  isolatedMarginBounds,
  marginRatio,
  positionValue,
  reduceOnlyRoom,
  returnOnEquity,
  tradeFee,
  unrealizedPnl,
  type Position,
} from '@tidemark/futures-math';
import { parseFixed, parseRate, RATE_ONE } from '@tidemark/futures-math';

const ETH = contractOf('ETHUSDT')!;
const px = (s: string) => priceToTicks(ETH, s);
const lots = (s: string) => qtyToLots(ETH, s);
const usdt = (s: string) => parseFixed(s, 6);

describe('one-way position fills', () => {
  it('opens, adds at an average entry, reduces, closes', () => {
    let r = applyFill(FLAT, lots('1'), px('2000'));
    expect(r.position).toEqual({ size: lots('1'), entryValue: usdt('2000') });
    r = applyFill(r.position, lots('1'), px('2100'));
    // EP' = (1×2000 + 1×2100)/2 = 2050
    expect(r.position.entryValue).toBe(usdt('4100'));
    expect(averageEntryScaled(r.position)).toBe(px('2050'));
    r = applyFill(r.position, -lots('0.5'), px('2150'));
    expect(r.realizedPnl).toBe(usdt('50')); // 0.5 × (2150 − 2050)
    expect(r.closedQty).toBe(lots('0.5'));
    expect(r.position.size).toBe(lots('1.5'));
    expect(averageEntryScaled(r.position)).toBe(px('2050')); // EP unchanged by a reduce
    r = applyFill(r.position, -lots('1.5'), px('2000'));
    expect(r.realizedPnl).toBe(-usdt('75'));
    expect(r.position).toEqual(FLAT);
  });

  it('flips through zero: closes everything, opens the rest at the fill price', () => {
    const long = applyFill(FLAT, lots('1'), px('2000')).position;
    const r = applyFill(long, -lots('3'), px('1900'));
    expect(r.flipped).toBe(true);
    expect(r.realizedPnl).toBe(-usdt('100'));
    expect(r.position).toEqual({ size: -lots('2'), entryValue: usdt('3800') });
  });

  it('short P&L, value, ROE and margin ratio', () => {
    const short: Position = { size: -lots('2'), entryValue: usdt('4000') };
    expect(unrealizedPnl(short, px('1900'))).toBe(usdt('200'));
    expect(positionValue(short, px('1900'))).toBe(usdt('3800'));
    // ROE at 10×: 200 / (4000/10) = 50 %
    expect(returnOnEquity(short, px('1900'), 10)).toBe(RATE_ONE / 2n);
    expect(returnOnEquity(short, px('2100'), 10)).toBe(-RATE_ONE / 2n);
    expect(initialMargin(usdt('3800'), 10)).toBe(usdt('380'));
    expect(initialMargin(7n, 2)).toBe(4n); // rounded up
    expect(marginRatio(usdt('25'), usdt('100'))).toBe(RATE_ONE / 4n);
    expect(marginRatio(usdt('25'), 0n)).toBeNull();
    expect(tradeFee(usdt('3800'), parseRate('0.0005'))).toBe(usdt('1.9'));
    expect(tradeFee(3n, parseRate('0.0005'))).toBe(1n); // rounds up
  });

  it('bounds isolated margin removal by the initial margin at the mark (Binance B-7)', () => {
    const long: Position = { size: lots('1'), entryValue: usdt('2000') };
    // margin 300, mark 2100 (uPnL +100), 10×: need 210 → remove ≤ min(300, 300 + 100 − 210) = 190
    const b = isolatedMarginBounds({
      position: long,
      margin: usdt('300'),
      mark: px('2100'),
      leverage: 10,
      available: usdt('55'),
    });
    expect(b).toEqual({ maxAdd: usdt('55'), maxRemove: usdt('190') });
    const deep = isolatedMarginBounds({
      position: long,
      margin: usdt('200'),
      mark: px('1900'),
      leverage: 10,
      available: -1n,
    });
    expect(deep).toEqual({ maxAdd: 0n, maxRemove: 0n });
  });

  it('reduce-only room: opposite side only, less what other reduce-only orders hold', () => {
    const long: Position = { size: lots('1'), entryValue: usdt('2000') };
    expect(reduceOnlyRoom(long, -1, lots('0.3'))).toBe(lots('0.7'));
    expect(reduceOnlyRoom(long, 1, 0n)).toBe(0n);
    expect(reduceOnlyRoom(FLAT, -1, 0n)).toBe(0n);
  });

  it('property: the cost basis is conserved exactly through any fills; P&L matches closePnl', () => {
    const fill = fc.record({
      size: fc.bigInt({ min: -50_000n, max: 50_000n }),
      price: fc.bigInt({ min: 1n, max: 1_000_000n }),
    });
    fc.assert(
      fc.property(fc.array(fill, { maxLength: 30 }), (fills) => {
        let pos: Position = FLAT;
        let cash = 0n; // −Σ buys + Σ sells at fill prices
        let realized = 0n;
        for (const f of fills) {
          if (f.size !== 0n && pos.size !== 0n && pos.size > 0n !== f.size > 0n) {
            const q = f.size < 0n ? -f.size : f.size;
            const closeQty = q < (pos.size < 0n ? -pos.size : pos.size) ? q : pos.size < 0n ? -pos.size : pos.size;
            expect(applyFill(pos, f.size, f.price).realizedPnl).toBe(closePnl(pos, closeQty, f.price));
          }
          const r = applyFill(pos, f.size, f.price);
          realized += r.realizedPnl;
          cash -= f.size * f.price;
          pos = r.position;
          expect(pos.entryValue >= 0n).toBe(true);
          if (pos.size === 0n) expect(pos.entryValue).toBe(0n);
        }
        // closing what is left at price p: realized total = cash + size × p for any p
        const p = 777n;
        const final = pos.size === 0n ? 0n : applyFill(pos, -pos.size, p).realizedPnl;
        expect(realized + final).toBe(cash + pos.size * p);
      }),
    );
  });
});
