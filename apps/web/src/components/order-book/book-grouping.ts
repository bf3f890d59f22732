import type { DepthLevel } from '@tidemark/contract';
import { formatUnits, parseUnits } from '@tidemark/contract/money';

/**
 * Price grouping of the order book, exact: prices and sizes become bigints at a common scale, a bid falls to the
 * step at or below it and an ask rises to the step at or above it (a grouped level never shows a better price
 * than the orders in it), and the sizes of a group are summed without rounding.
 */

const decimalsOf = (d: string): number => (d.split('.')[1] ?? '').length;

/** The market's tick and its ×10, ×100 and ×1,000 (0.01 → 0.01, 0.1, 1, 10), written without trailing zeros. */
export function groupingSteps(tickSize: string): string[] {
  const scale = decimalsOf(tickSize);
  const tick = parseUnits(tickSize, scale);
  return [1n, 10n, 100n, 1000n].map((k) => formatUnits(tick * k, scale));
}

/** The levels of one side grouped by `step`, best first; the tick itself leaves them as they are. */
export function groupLevels(levels: readonly DepthLevel[], step: string, side: 'bid' | 'ask'): DepthLevel[] {
  const priceScale = Math.max(decimalsOf(step), ...levels.map(([p]) => decimalsOf(p)));
  const qtyScale = Math.max(0, ...levels.map(([, q]) => decimalsOf(q)));
  const s = parseUnits(step, priceScale);
  if (s <= 0n) return [...levels];
  const groups = new Map<bigint, bigint>();
  for (const [price, qty] of levels) {
    const p = parseUnits(price, priceScale);
    const down = (p / s) * s;
    const bucket = side === 'bid' || down === p ? down : down + s;
    groups.set(bucket, (groups.get(bucket) ?? 0n) + parseUnits(qty, qtyScale));
  }
  const outScale = decimalsOf(step);
  return [...groups]
    .sort(([a], [b]) => (side === 'bid' ? (a > b ? -1 : a < b ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0))
    .map(([bucket, qty]) => [
      formatUnits(bucket / 10n ** BigInt(priceScale - outScale), outScale, { fixed: true }),
      formatUnits(qty, qtyScale),
    ]);
}

/**
 * How far each row's depth bar reaches: the size summed from the best price to that row, as a percentage of the
 * deepest such sum among the rows shown on both sides (so the two sides compare). For drawing only.
 */
export function depthPercents(
  bids: readonly DepthLevel[],
  asks: readonly DepthLevel[],
): { bids: number[]; asks: number[] } {
  const scale = Math.max(0, ...[...bids, ...asks].map(([, q]) => decimalsOf(q)));
  const cumulative = (levels: readonly DepthLevel[]) => {
    let sum = 0n;
    return levels.map(([, q]) => (sum += parseUnits(q, scale)));
  };
  const b = cumulative(bids);
  const a = cumulative(asks);
  const max = [...b, ...a].reduce((m, x) => (x > m ? x : m), 0n);
  const pct = (x: bigint) => (max === 0n ? 0 : Number((x * 10_000n) / max) / 100);
  return { bids: b.map(pct), asks: a.map(pct) };
}
