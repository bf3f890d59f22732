import { queryOptions } from '@tanstack/react-query';
import type { CoinInfo, DepthSnapshot, PublicTrade, SpotMarket, Ticker } from '@tidemark/contract';
import { apiPost } from '../../../lib/api.ts';

/**
 * The public market-data calls (server: apps/server/src/modules/spot; types in
 * packages/contract/src/spot.ts). The REST answers give a screen its first paint; the `/ws`
 * channels (lib/realtime) keep it live.
 */
export const marketKeys = {
  markets: ['spot', 'markets'] as const,
  tickers: ['spot', 'tickers'] as const,
  depth: (symbol: string) => ['spot', 'depth', symbol] as const,
  trades: (symbol: string) => ['spot', 'trades', symbol] as const,
  coinInfo: (coinType: number) => ['spot', 'coin-info', coinType] as const,
  cycleProducts: ['market', 'cycle-products'] as const,
  indexPrices: ['market', 'index'] as const,
};

export const marketsQuery = () =>
  queryOptions({
    queryKey: marketKeys.markets,
    queryFn: () => apiPost<SpotMarket[]>('/xb/v1/spot/markets', {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const tickersQuery = () =>
  queryOptions({
    queryKey: marketKeys.tickers,
    queryFn: () => apiPost<Ticker[]>('/xb/v1/spot/tickers', {}, { silent: true }),
    staleTime: 10_000,
  });

export const depthQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.depth(symbol),
    queryFn: () => apiPost<DepthSnapshot>('/xb/v1/spot/depth', { symbol, limit: 50 }, { silent: true }),
  });

export const tradesQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.trades(symbol),
    queryFn: () => apiPost<PublicTrade[]>('/xb/v1/spot/trades', { symbol, limit: 50 }, { silent: true }),
  });

export const coinInfoQuery = (coinType: number) =>
  queryOptions({
    queryKey: marketKeys.coinInfo(coinType),
    queryFn: () => apiPost<CoinInfo>('/xb/v1/spot/coin/info', { coinType }, { silent: true }),
    staleTime: 60 * 60_000,
  });

/** The cycle instruments (server: modules/cycle) for the market's cycle list. */
export interface CycleProducts {
  demo: boolean;
  instruments: Array<{ instrument: string; base: string; kind: 'crypto' | 'commodity'; enabled: boolean }>;
}

export const cycleProductsQuery = () =>
  queryOptions({
    queryKey: marketKeys.cycleProducts,
    queryFn: () => apiPost<CycleProducts>('/xb/v1/cycle/products', {}, { silent: true }),
    staleTime: 60_000,
  });

/** The latest index price of an instrument (server: modules/market). */
export interface IndexPrice {
  demo: boolean;
  prices: Array<{ instrument: string; price: string | null; ts: number | null }>;
}

/** Every instrument's latest index price in one call. */
export const indexPricesQuery = () =>
  queryOptions({
    queryKey: marketKeys.indexPrices,
    queryFn: () => apiPost<IndexPrice>('/xb/v1/market/index', {}, { silent: true }),
    refetchInterval: 5_000,
  });
