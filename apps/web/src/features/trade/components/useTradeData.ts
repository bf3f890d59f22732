import { useQuery } from '@tanstack/react-query';
import type { SpotOrder } from '@tidemark/contract';
import { useSignedIn } from '../../../lib/session.ts';
import { bookFromSnapshot, type DepthBook } from '../../../lib/realtime/depth-book.ts';
import {
  useDepth,
  useIntoQuery,
  useMyBalances,
  useMyOpenOrders,
  useMyStops,
  useTicker,
} from '../../../lib/realtime/hooks.ts';
import { mergeStops } from '../model/merge-stops.ts';
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
/** A spot balance's available amount: '0' signed out or when none, null while the signed-in user's balances load. */
export function useAvailable(): (currency: string) => string | null {
  const signedIn = useSignedIn();
  const rest = useQuery({ ...spotBalancesQuery(), enabled: signedIn });
  const live = useMyBalances();
  return (currency) => {
    if (!signedIn) return '0';
    if (!live && !rest.data) return null;
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
 * The market's recent stops: read once, then kept current by the `stops` channel (a stop fires on someone else's
 * trade; the channel says so after that trade's commit), so nothing polls.
 */
export function useRecentStops(symbol: string): StopOrder[] {
  const signedIn = useSignedIn();
  const q = useQuery({ ...recentStopsQuery(symbol), enabled: signedIn });
  const live = useMyStops();
  useIntoQuery<StopOrder[], StopOrder[]>(recentStopsQuery(symbol).queryKey, live, (old, changed) =>
    old === undefined ? old : mergeStops(old, changed, symbol),
  );
  return signedIn ? (q.data ?? []) : [];
}
