import type { SpotOrder } from '@tidemark/contract';

/** Display helpers for a spot order (spec §3 Spot order fields); keys of the `trade` namespace. */
export function statusKey(o: Pick<SpotOrder, 'status' | 'filledQuantity'>): string {
  if (o.status === 'cancelled' && /[1-9]/.test(o.filledQuantity)) return 'status.partiallyCancelled';
  return `status.${o.status}`;
}

export const sideKey = (o: Pick<SpotOrder, 'side'>): string => `side.${o.side}`;
export const typeKey = (o: Pick<SpotOrder, 'type'>): string => `type.${o.type}`;

/** The symbol's base code: "BTCUSDT" → "BTC" (every market is quoted in USDT). */
export const baseOf = (symbol: string): string => symbol.replace(/USDT$/, '');
