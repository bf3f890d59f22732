import type { StopOrder } from '@tidemark/contract/spot-stops';
import { RECENT_STOPS } from '../api/trade.ts';

/**
 * The market's recent stops (newest first, at most RECENT_STOPS) with what the `stops` channel said since: each
 * stop of this market takes the newer of its two states (by `updatedAt`; a channel state as new wins), a stop
 * the list did not have yet joins it.
 */
export function mergeStops(list: StopOrder[], changed: StopOrder[], symbol: string): StopOrder[] {
  const byId = new Map(list.map((s) => [s.id, s]));
  for (const c of changed) {
    if (c.symbol !== symbol) continue;
    const had = byId.get(c.id);
    if (!had || c.updatedAt >= had.updatedAt) byId.set(c.id, c);
  }
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, RECENT_STOPS);
}
