/**
 * The part of a contract's book that the platform does not quote itself. The mark price and the funding premium
 * are read from it only (decision 0007): the platform's market maker quotes around the mark, so its own quotes
 * and the trades against them would let the mark follow itself instead of the market.
 */
import type { Lots, Ticks } from '@tidemark/futures-math';

export interface RestingOrder {
  owner: number;
  side: 'buy' | 'sell';
  price: Ticks;
  qty: Lots;
}

/** Price levels of one side from the orders of accounts outside `platform`, best first, as [price, lots]. */
export function independentLevels(
  orders: Iterable<RestingOrder>,
  side: 'buy' | 'sell',
  platform: ReadonlySet<number>,
): Array<readonly [Ticks, Lots]> {
  const byPrice = new Map<Ticks, Lots>();
  for (const o of orders) {
    if (o.side !== side || o.qty <= 0n || platform.has(o.owner)) continue;
    byPrice.set(o.price, (byPrice.get(o.price) ?? 0n) + o.qty);
  }
  const levels = [...byPrice.entries()];
  levels.sort((a, b) => (side === 'buy' ? (a[0] > b[0] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  return levels;
}

/** A trade says something about the market only when neither side is a platform account. */
export function isIndependentTrade(takerId: number, makerId: number, platform: ReadonlySet<number>): boolean {
  return !platform.has(takerId) && !platform.has(makerId);
}
