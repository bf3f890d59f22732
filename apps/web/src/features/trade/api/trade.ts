import { queryOptions } from '@tanstack/react-query';
import type {
  DepthSnapshot,
  Page,
  PlaceOrderRequest,
  SpotMarket,
  SpotOrder,
  SpotOrderDetail,
  Ticker,
} from '@tidemark/contract';
import type { PlaceStopRequest, StopOrder } from '@tidemark/contract/spot-stops';
import { apiPost, type CallOptions } from '../../../lib/api.ts';

/**
 * The spot order calls (server: apps/server/src/modules/spot; types in packages/contract/src/spot.ts).
 * Every placement carries the clientOrderId of its submission, so a retry cannot place it twice.
 */
export const tradeKeys = {
  all: ['trade'] as const,
  markets: ['spot', 'markets'] as const,
  open: (symbol?: string) => ['trade', 'open', symbol ?? ''] as const,
  history: (symbol: string | undefined, page: number) => ['trade', 'history', symbol ?? '', page] as const,
  detail: (id: number) => ['trade', 'detail', id] as const,
  balances: ['trade', 'balances'] as const,
};

export const HISTORY_PAGE_SIZE = 20;

export const marketsQuery = () =>
  queryOptions({
    queryKey: tradeKeys.markets,
    queryFn: () => apiPost<SpotMarket[]>('/xb/v1/spot/markets', {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const openOrdersQuery = (symbol?: string) =>
  queryOptions({
    queryKey: tradeKeys.open(symbol),
    queryFn: () => apiPost<SpotOrder[]>('/xb/v1/spot/orders/open', symbol ? { symbol } : {}, { silent: true }),
  });

export const historyQuery = (symbol: string | undefined, page: number) =>
  queryOptions({
    queryKey: tradeKeys.history(symbol, page),
    queryFn: () => apiPost<Page<SpotOrder>>('/xb/v1/spot/orders/history', { symbol, page, size: HISTORY_PAGE_SIZE }),
  });

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: tradeKeys.detail(id),
    queryFn: () => apiPost<SpotOrderDetail>('/xb/v1/spot/order/detail', { id }),
  });

/** The spot wallet's available balances by currency (server: the wallet's assets call). */
export const spotBalancesQuery = () =>
  queryOptions({
    queryKey: tradeKeys.balances,
    queryFn: async () => {
      const a = await apiPost<{
        wallets: Array<{ wallet: string; currencies: Array<{ currency: string; available: string; frozen: string }> }>;
      }>('/xb/v1/wallet/assets', {}, { silent: true });
      const spot = a.wallets.find((w) => w.wallet === 'spot')?.currencies ?? [];
      return Object.fromEntries(spot.map((c) => [c.currency, { available: c.available, frozen: c.frozen }]));
    },
  });

export const placeOrder = (body: PlaceOrderRequest, opts?: CallOptions) =>
  apiPost<SpotOrder>('/xb/v1/spot/order/place', body, opts);

export const cancelOrder = (orderId: number) => apiPost<SpotOrder>('/xb/v1/spot/order/cancel', { orderId });

/** "Revoke" all (spec §4): every open order of the market. */
export const cancelAll = (symbol?: string) =>
  apiPost<{ cancelled: number }>('/xb/v1/spot/order/cancel-all', symbol ? { symbol } : {});

export const depthQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['spot', 'depth', symbol] as const,
    queryFn: () => apiPost<DepthSnapshot>('/xb/v1/spot/depth', { symbol, limit: 50 }, { silent: true }),
  });

export const tickerQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['trade', 'ticker', symbol] as const,
    queryFn: async () => (await apiPost<Ticker[]>('/xb/v1/spot/tickers', { symbol }, { silent: true }))[0] ?? null,
  });

/** Stop orders (server: modules/spot/stop-orders.*): the market's recent stops, any state, newest first. */
export const recentStopsQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['trade', 'stops', symbol] as const,
    queryFn: async () =>
      (
        await apiPost<Page<StopOrder>>(
          '/xb/v1/spot/stops/history',
          { symbol, page: 1, size: RECENT_STOPS },
          { silent: true },
        )
      ).items,
  });

/** How many of a market's latest stops the trade screen lists (waiting ones, and what became of the others). */
export const RECENT_STOPS = 10;

export const placeStop = (body: PlaceStopRequest, opts?: CallOptions) =>
  apiPost<StopOrder>('/xb/v1/spot/stop/place', body, opts);

export const cancelStop = (id: number) => apiPost<StopOrder>('/xb/v1/spot/stop/cancel', { id });
