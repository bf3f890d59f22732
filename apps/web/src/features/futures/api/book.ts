import { queryOptions } from '@tanstack/react-query';
import type { FuturesDepth, FuturesPublicTrade } from '@tidemark/contract/futures';
import { apiPost } from '../../../lib/api.ts';

/**
 * A contract's public book and tape (server: modules/futures, `/futures/depth` and `/futures/trades`). Polled like
 * the rest of the futures screen until `/ws` carries futures channels.
 */
const BOOK_MS = 2_000;

export const futuresDepthQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['futures', 'depth', symbol] as const,
    queryFn: () => apiPost<FuturesDepth>('/xb/v1/futures/depth', { symbol, limit: 50 }, { silent: true }),
    refetchInterval: BOOK_MS,
  });

export const futuresTradesQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['futures', 'trades', symbol] as const,
    queryFn: () => apiPost<FuturesPublicTrade[]>('/xb/v1/futures/trades', { symbol, limit: 20 }, { silent: true }),
    refetchInterval: BOOK_MS,
  });
