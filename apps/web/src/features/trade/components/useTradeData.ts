import { useQuery } from '@tanstack/react-query';
import type { SpotOrder } from '@tidemark/contract';
import { useSignedIn } from '../../../lib/session.ts';
import { bookFromSnapshot, type DepthBook } from '../../../lib/realtime/depth-book.ts';
import { useDepth, useMyBalances, useMyOpenOrders, useTicker } from '../../../lib/realtime/hooks.ts';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { depthQuery, openOrdersQuery, recentStopsQuery, spotBalancesQuery, tickerQuery } from '../api/trade.ts';

/** The trade screen's live data: `/ws` channels once they have a snapshot, REST answers before. */
export function useBook(symbol: string): DepthBook | undefined {
  const rest = useQuery(depthQuery(symbol));
  return useDepth(symbol) ?? (rest.data ? bookFromSnapshot(rest.data) : undefined);
}

export function useLastPrice(symbol: string) {
  const rest = useQuery(tickerQuery(symbol));
  return useTicker(symbol) ?? rest.data ?? undefined;
}

/** Available spot balance of a currency; the balances channel overrides the REST answer. */
export function useAvailable(): (currency: string) => string {
  const signedIn = useSignedIn();
  const rest = useQuery({ ...spotBalancesQuery(), enabled: signedIn });
  const live = useMyBalances();
  return (currency) => {
    if (!signedIn) return '0';
    const l = live?.find((b) => b.wallet === 'spot' && b.currency === currency);
    return l?.available ?? rest.data?.[currency]?.available ?? '0';
  };
}

export function useOpenOrders(symbol: string): SpotOrder[] | undefined {
  const signedIn = useSignedIn();
  const rest = useQuery({ ...openOrdersQuery(symbol), enabled: signedIn });
  const live = useMyOpenOrders();
  if (!signedIn) return [];
  return (live ?? rest.data)?.filter((o) => o.symbol === symbol);
}

/**
 * The market's recent stops. A stop fires on someone else's trade, so while one waits the list is read again every
 * few seconds (and whenever the user's orders change, through the money refresh).
 */
export function useRecentStops(symbol: string): StopOrder[] {
  const signedIn = useSignedIn();
  const q = useQuery({
    ...recentStopsQuery(symbol),
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'waiting') ? 3000 : false),
  });
  return signedIn ? (q.data ?? []) : [];
}
