import type { DepthLevel } from '@tidemark/contract';
import { parseUnits, formatUnits } from '@tidemark/contract/money';

/**
 * Depth-chart input from market data. The chart library draws with floats; these numbers are only pixels' worth of
 * precision and never feed back into money. Cumulative depth is summed exactly (bigint) before it becomes a number.
 */
export interface DepthPoint {
  price: number;
  total: number;
}

const SUM_SCALE = 18;

/** Cumulative quantity from the best price outward, as points ordered by price ascending. */
export function cumulativeDepth(levels: readonly DepthLevel[], side: 'bid' | 'ask'): DepthPoint[] {
  let sum = 0n;
  const points: DepthPoint[] = [];
  for (const [price, qty] of levels) {
    try {
      sum += parseUnits(qty, SUM_SCALE, 'floor');
    } catch {
      continue;
    }
    points.push({ price: Number(price), total: Number(formatUnits(sum, SUM_SCALE)) });
  }
  if (side === 'bid') points.reverse(); // bids come best (highest) first
  // the library needs strictly increasing x
  return points.filter((p, i) => i === 0 || p.price > points[i - 1]!.price);
}
