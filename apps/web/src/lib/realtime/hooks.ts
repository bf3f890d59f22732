import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { BalanceUpdate, Candle, CandleInterval, PublicTrade, SpotOrder, Ticker } from '@tidemark/contract';
import type {
  FuturesAccount,
  FuturesAlert,
  FuturesMarkInfo,
  FuturesOrder,
  FuturesPosition,
} from '@tidemark/contract/futures';
import type { StopOrder } from '@tidemark/contract/spot-stops';
import { useSession } from '../session.ts';
import { realtime, type ConnectionStatus } from './client.ts';
import type { DepthBook } from './depth-book.ts';

/**
 * Typed readers of the `/ws` channels. A component that calls one subscribes while it is mounted;
 * `undefined` means "no snapshot yet" (show the REST answer or a loading state).
 */
function useChannel<T>(channel: string | null): T | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (channel ? realtime().subscribe(channel, onChange) : () => {}),
    [channel],
  );
  const read = useCallback(() => (channel ? realtime().getState<T>(channel) : undefined), [channel]);
  return useSyncExternalStore(subscribe, read, () => undefined);
}

export const useDepth = (symbol: string | null) => useChannel<DepthBook>(symbol ? `depth:${symbol}` : null);
export const useTrades = (symbol: string | null) => useChannel<PublicTrade[]>(symbol ? `trades:${symbol}` : null);
export const useTicker = (symbol: string | null) => useChannel<Ticker>(symbol ? `ticker:${symbol}` : null);
export const useTickers = () => useChannel<Ticker[]>('tickers');
export const useCandles = (symbol: string | null, interval: CandleInterval) =>
  useChannel<Candle[]>(symbol ? `candles:${symbol}:${interval}` : null);

/** The signed-in user's open orders and balances; nothing when signed out. */
export function useMyOpenOrders(): SpotOrder[] | undefined {
  const signedIn = useSignedInChannels();
  return useChannel<SpotOrder[]>(signedIn ? 'orders' : null);
}

/** The caller's stops as the `stops` channel tells them (waiting at subscription, then every change). */
export function useMyStops(): StopOrder[] | undefined {
  const signedIn = useSignedInChannels();
  return useChannel<StopOrder[]>(signedIn ? 'stops' : null);
}

export function useMyBalances(): BalanceUpdate[] | undefined {
  const signedIn = useSignedInChannels();
  return useChannel<BalanceUpdate[]>(signedIn ? 'balances' : null);
}

// ---- futures (the same socket; packages/contract/src/futures.ts lists the channels)

export const useFuturesMark = (symbol: string | null) =>
  useChannel<FuturesMarkInfo>(symbol ? `futures.mark:${symbol}` : null);
export const useFuturesMarks = () => useChannel<FuturesMarkInfo[]>('futures.marks');
export const useFuturesDepth = (symbol: string | null) =>
  useChannel<DepthBook>(symbol ? `futures.depth:${symbol}` : null);
export const useFuturesTrades = (symbol: string | null) =>
  useChannel<PublicTrade[]>(symbol ? `futures.trades:${symbol}` : null);

/** The signed-in user's own futures channels; nothing when signed out. */
function useMyChannel<T>(name: string): T | undefined {
  const signedIn = useSignedInChannels();
  return useChannel<T>(signedIn ? name : null);
}
export const useMyFuturesPositions = () => useMyChannel<FuturesPosition[]>('futures.positions');
export const useMyFuturesOrders = () => useMyChannel<FuturesOrder[]>('futures.orders');
export const useMyFuturesAccount = () => useMyChannel<FuturesAccount>('futures.account');
export const useMyFuturesAlerts = () => useMyChannel<FuturesAlert[]>('futures.alerts');

/**
 * Channel-driven cache: each new state of `value` (read through one of the hooks above) is written into the
 * query `key` by `write`, so every screen reading that query shows the live figure without polling. `value`
 * undefined (no snapshot yet, or signed out) leaves the cache alone.
 */
export function useIntoQuery<V, D>(
  key: QueryKey,
  value: V | undefined,
  write: (old: D | undefined, value: V) => D | undefined,
) {
  const client = useQueryClient();
  const writeRef = useRef(write);
  // the latest writer, set before the effect below runs (effects run in order)
  useEffect(() => {
    writeRef.current = write;
  });
  const hash = JSON.stringify(key);
  useEffect(() => {
    if (value === undefined) return;
    client.setQueryData<D>(JSON.parse(hash) as QueryKey, (old) => writeRef.current(old, value));
  }, [client, hash, value]);
}

/**
 * Invalidate-on-event: each new state of `value` after the first marks the queries under `prefix` stale (and
 * refetches the ones on screen) — for reads whose shape no channel carries (e.g. the wallet's assets).
 */
export function useRefetchOn(prefix: QueryKey, value: unknown) {
  const client = useQueryClient();
  const seen = useRef<unknown>(undefined);
  const hash = JSON.stringify(prefix);
  useEffect(() => {
    const before = seen.current;
    seen.current = value;
    if (before === undefined || value === undefined || value === before) return;
    void client.invalidateQueries({ queryKey: JSON.parse(hash) as QueryKey });
  }, [client, hash, value]);
}

function useSignedInChannels(): boolean {
  return useSession((s) => s.token !== null);
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(
    (l) => realtime().onStatus(l),
    () => realtime().status,
    () => 'idle' as const,
  );
}
