import { queryOptions } from '@tanstack/react-query';
import type { Candle, CandleInterval } from '@tidemark/contract';
import { apiPost } from '../../lib/api.ts';

/**
 * The price chart's calls: a spot market's own candles (server: modules/spot) and the candles of its index price
 * from the recorded index ticks (server: modules/market, `/market/candles`). The `/ws` channels
 * `candles:<s>:<i>` and `candles:<s>:<i>:index` keep both live.
 */
export const CHART_CANDLES = 300;

export const marketCandlesQuery = (symbol: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: ['spot', 'candles', symbol, interval] as const,
    queryFn: () =>
      apiPost<Candle[]>('/xb/v1/spot/candles', { symbol, interval, limit: CHART_CANDLES }, { silent: true }),
  });

export interface IndexCandles {
  demo: boolean;
  instrument: string;
  candles: Candle[];
}

export const indexCandlesQuery = (symbol: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: ['market', 'index-candles', symbol, interval] as const,
    queryFn: () =>
      apiPost<IndexCandles>(
        '/xb/v1/market/candles',
        { instrument: symbol, interval, limit: CHART_CANDLES },
        { silent: true },
      ),
  });
