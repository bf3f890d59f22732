import { divRound, pow10, RATE_SCALE } from '@tidemark/contract/money';
import type { QuoteShape } from './market-maker.config.ts';
import { baseUnitsToText, lotsToUnits, type Market } from './markets.ts';

/**
 * The quote levels around an index (PRICE_SCALE units) on a market's tick: level i sits spread + i × step
 * from the index (bids rounded down, asks up, each level at least one tick beyond the previous one so no
 * two share a price), worth levelUsdt × (1 + i × growth).
 */
export function quoteLevels(
  shape: QuoteShape,
  index: bigint,
  tick8: bigint,
): Array<{ level: number; bid: bigint; ask: bigint; usdt: bigint }> {
  const one = pow10(RATE_SCALE);
  const out: Array<{ level: number; bid: bigint; ask: bigint; usdt: bigint }> = [];
  let prevBid: bigint | null = null;
  let prevAsk: bigint | null = null;
  for (let i = 0; i < shape.levels; i++) {
    const distance = shape.spread + shape.step * BigInt(i);
    let bid = divRound(index * (one - distance), one * tick8, 'floor');
    let ask = divRound(index * (one + distance), one * tick8, 'ceil');
    if (prevBid !== null && bid >= prevBid) bid = prevBid - 1n;
    if (prevAsk !== null && ask <= prevAsk) ask = prevAsk + 1n;
    prevBid = bid;
    prevAsk = ask;
    const usdt = divRound(shape.levelUsdt * (one + shape.growth * BigInt(i)), one, 'ceil');
    out.push({ level: i, bid, ask, usdt });
  }
  return out;
}

/** A lot count as the order quantity string of the market's base currency. */
export const formatLots = (m: Market, lots: bigint): string => baseUnitsToText(m, lotsToUnits(m, lots));
