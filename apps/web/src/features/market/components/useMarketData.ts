import { useQuery } from '@tanstack/react-query';
import type { PublicTrade } from '@tidemark/contract';
import { useDepth, useTicker, useTrades } from '../../../lib/realtime/hooks.ts';
import { bookFromSnapshot, type DepthBook } from '../../../lib/realtime/depth-book.ts';
import { depthQuery, tickersQuery, tradesQuery } from '../api/market.ts';

/** One market's live data: the `/ws` channel when it has a snapshot, else the REST answer. */
export function useLiveTicker(symbol: string | null) {
  const rest = useQuery({ ...tickersQuery(), enabled: symbol !== null });
  const live = useTicker(symbol);
  return live ?? rest.data?.find((t) => t.symbol === symbol);
}

export function useLiveDepth(symbol: string | null): DepthBook | undefined {
  const rest = useQuery({ ...depthQuery(symbol ?? ''), enabled: symbol !== null });
  const live = useDepth(symbol);
  return live ?? (rest.data ? bookFromSnapshot(rest.data) : undefined);
}

export function useLiveTrades(symbol: string | null): PublicTrade[] | undefined {
  const rest = useQuery({ ...tradesQuery(symbol ?? ''), enabled: symbol !== null });
  return useTrades(symbol) ?? rest.data;
}
