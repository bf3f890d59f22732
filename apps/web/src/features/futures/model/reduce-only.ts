import type { FuturesPosition, PositionSide } from '@tidemark/contract/futures';

/**
 * A reduce-only order only shrinks the open position it opposes and never opens or flips one (server:
 * domain/position.ts reduceOnlyRoom). An order in `direction` (long = buy, short = sell) can be reduce-only
 * only against an open position on the other side; this is that position, or null (the switch is disabled).
 */
export function reducibleBy(
  positions: FuturesPosition[],
  symbol: string,
  direction: PositionSide,
): FuturesPosition | null {
  return positions.find((p) => p.symbol === symbol && p.status === 'open' && p.direction !== direction) ?? null;
}
