import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundingInfo, FuturesContract, FuturesMarkInfo, FuturesOrder } from '@tidemark/contract/futures';
import { useEffect, useState } from 'react';
import { useSignedIn } from '../../../lib/session.ts';
import {
  useFuturesMarks,
  useIntoQuery,
  useMyFuturesAccount,
  useMyFuturesOrders,
  useMyFuturesPositions,
  useRefetchOn,
} from '../../../lib/realtime/hooks.ts';
import {
  accountQuery,
  contractsQuery,
  fundingInfoQuery,
  futuresKeys,
  openOrdersQuery,
  positionsQuery,
} from '../api/futures.ts';

/** The futures screen's data: public contracts and funding; the account, positions and orders when signed in. */
export function useFuturesData(symbol: string | undefined) {
  const signedIn = useSignedIn();
  useLiveFutures({ mine: true });
  const contracts = useQuery(contractsQuery());
  const funding = useQuery(fundingInfoQuery());
  const account = useQuery({ ...accountQuery(), enabled: signedIn });
  const positions = useQuery({ ...positionsQuery(), enabled: signedIn });
  const orders = useQuery({ ...openOrdersQuery(symbol), enabled: signedIn && symbol !== undefined });
  return { signedIn, contracts, funding, account, positions, orders };
}

/**
 * Keeps the futures queries live from the `/ws` channels instead of polling: every contract's mark and index
 * price and funding (public), and with `mine` the user's positions, open orders and account. The REST answer
 * is the first state; each channel message replaces what it covers.
 */
export function useLiveFutures(opts: { mine: boolean }) {
  const marks = useFuturesMarks();
  useIntoQuery(futuresKeys.contracts, marks, withMarks);
  useIntoQuery(futuresKeys.funding, marks, withFunding);
  useMine(opts.mine);
}

function useMine(enabled: boolean) {
  const client = useQueryClient();
  const positions = useMyFuturesPositions();
  const account = useMyFuturesAccount();
  const orders = useMyFuturesOrders();
  const on = <T>(v: T | undefined) => (enabled ? v : undefined);
  useIntoQuery(futuresKeys.positions, on(positions), (_old, v) => v);
  useIntoQuery(futuresKeys.account, on(account), (_old, v) => v);
  // every open-orders query (one per contract, or all) takes its part of the list
  useEffect(() => {
    if (!enabled || orders === undefined) return;
    for (const q of client.getQueryCache().findAll({ queryKey: ['futures', 'open'] })) {
      const symbol = String(q.queryKey[2] ?? '');
      client.setQueryData<FuturesOrder[]>(q.queryKey, ordersOf(orders, symbol));
    }
  }, [client, enabled, orders]);
  // a fill or a cancel also changes the record lists (history, closed positions): fetch them again
  useRefetchOn(['futures', 'record'], on(orders));
}

/** The open orders of one contract ('' = every contract). */
export function ordersOf(orders: readonly FuturesOrder[], symbol: string): FuturesOrder[] {
  return symbol ? orders.filter((o) => o.symbol === symbol) : [...orders];
}

/** The contracts list with each contract's mark and index price from its latest mark message. */
export const withMarks = (old: FuturesContract[] | undefined, marks: readonly FuturesMarkInfo[]) =>
  bySymbol(old, marks, (c, m) => ({ ...c, markPrice: m.markPrice, indexPrice: m.indexPrice }));

/**
 * The funding list from the mark messages. `countdown` is measured against the server's clock of the message
 * (its `time`) and counted from when it arrived (the query's update time), so a wrong device clock does not
 * shift it.
 */
export const withFunding = (old: FundingInfo[] | undefined, marks: readonly FuturesMarkInfo[]) =>
  bySymbol(old, marks, (f, m) => ({
    ...f,
    predictedRate: m.fundingRate,
    lastRate: m.lastFundingRate,
    nextFundingTime: m.nextFundingTime,
    countdown: m.nextFundingTime - m.time,
  }));

/** Each item that has a mark message, changed by `apply`; nothing before the REST answer. */
function bySymbol<T extends { symbol: string }>(
  old: T[] | undefined,
  marks: readonly FuturesMarkInfo[],
  apply: (item: T, mark: FuturesMarkInfo) => T,
): T[] | undefined {
  if (!old) return old;
  const by = new Map(marks.map((m) => [m.symbol, m]));
  return old.map((x) => {
    const m = by.get(x.symbol);
    return m ? apply(x, m) : x;
  });
}

/** The current time, refreshed every second (for countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}
