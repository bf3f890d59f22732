import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { Candle, CandleInterval } from '@tidemark/contract';
import { realtime } from '../../lib/realtime/client.ts';
import { useCandles } from '../../lib/realtime/hooks.ts';
import { indexCandlesQuery, marketCandlesQuery } from './api.ts';
import { chooseChartSource, needsIndex, type ChartSource } from './chart-source.ts';

/** Reads `candles:<s>:<i>:index` from the one realtime client while `channel` is set (no second socket). */
function useIndexChannel(channel: string | null): Candle[] | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (channel ? realtime().subscribe(channel, onChange) : () => {}),
    [channel],
  );
  const read = useCallback(() => (channel ? realtime().getState<Candle[]>(channel) : undefined), [channel]);
  return useSyncExternalStore(subscribe, read, () => undefined);
}

/**
 * The candles a market's chart draws (chart-source.ts): its own, live over `/ws` after the REST answer; or, while it
 * has none, its index price's, fetched and followed only then.
 */
export function usePriceCandles(symbol: string | null, interval: CandleInterval): ChartSource {
  const rest = useQuery({ ...marketCandlesQuery(symbol ?? '', interval), enabled: symbol !== null });
  const market = useCandles(symbol, interval) ?? rest.data;
  const wantIndex = symbol !== null && needsIndex(market);
  const indexRest = useQuery({ ...indexCandlesQuery(symbol ?? '', interval), enabled: wantIndex });
  const indexLive = useIndexChannel(wantIndex ? `candles:${symbol}:${interval}:index` : null);
  return chooseChartSource(market, {
    candles: indexLive ?? indexRest.data?.candles,
    demo: indexRest.data?.demo ?? false,
  });
}
