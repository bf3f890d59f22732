import { useCallback, useSyncExternalStore } from 'react';
import type { BalanceUpdate, Candle, CandleInterval, PublicTrade, SpotOrder, Ticker } from '@tidemark/contract';
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

export function useMyBalances(): BalanceUpdate[] | undefined {
  const signedIn = useSignedInChannels();
  return useChannel<BalanceUpdate[]>(signedIn ? 'balances' : null);
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
