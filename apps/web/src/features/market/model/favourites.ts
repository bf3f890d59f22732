import type { CollectedCoin } from '../../../lib/storage.ts';

/**
 * Favourites are kept in COLLECTED_LIST as coin items matched by id (spec §3); the id is the market
 * symbol. Pure list operations; the hook in components/ persists them.
 */
export function isCollected(list: readonly CollectedCoin[], id: string): boolean {
  return list.some((c) => String(c.id) === id);
}

export function toggleCollected(list: readonly CollectedCoin[], coin: CollectedCoin): CollectedCoin[] {
  const id = String(coin.id);
  return isCollected(list, id) ? list.filter((c) => String(c.id) !== id) : [...list, coin];
}

/** Recently viewed coins for /coinSearch: newest first, no repeats, at most `max`. */
export function pushRecent(list: readonly string[], symbol: string, max = 8): string[] {
  return [symbol, ...list.filter((s) => s !== symbol)].slice(0, max);
}

/** Search by pair, base code or coin name, case-insensitive. */
export function matchesQuery(row: { name: string; base: string }, coinName: string | undefined, q: string): boolean {
  const needle = q.trim().toLowerCase().replace('/', '');
  if (!needle) return true;
  const hay = [row.name.replace('/', ''), row.base, coinName ?? ''].map((s) => s.toLowerCase());
  return hay.some((h) => h.includes(needle));
}
