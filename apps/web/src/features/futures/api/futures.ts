import { queryOptions } from '@tanstack/react-query';
import type { Page, Ticker } from '@tidemark/contract';
import type {
  ClosePositionRequest,
  FundingInfo,
  FundingPayment,
  FuturesAccount,
  FuturesContract,
  FuturesOrder,
  FuturesPlaceOrderRequest,
  FuturesPosition,
  FuturesSetting,
  LiquidationSettlement,
  MarginMode,
  PositionMarginRequest,
  StopPlRequest,
} from '@tidemark/contract/futures';
import { apiPost } from '../../../lib/api.ts';

/**
 * The futures calls (server: apps/server/src/modules/futures; types in packages/contract/src/futures.ts).
 * Nothing here polls: the live figures (mark, funding, positions, orders, account) come from the futures
 * channels of `/ws`, written into these queries' cache by `useLiveFutures` (components/useFutures.ts).
 */
export const futuresKeys = {
  all: ['futures'] as const,
  contracts: ['futures', 'contracts'] as const,
  funding: ['futures', 'funding'] as const,
  account: ['futures', 'account'] as const,
  positions: ['futures', 'positions'] as const,
  open: (symbol?: string) => ['futures', 'open', symbol ?? ''] as const,
  /** A record list of one kind and contract; the page number is appended. */
  record: (kind: 'history' | 'closed' | 'funding', symbol: string | undefined) =>
    ['futures', 'record', kind, symbol ?? ''] as const,
};

export const RECORD_PAGE_SIZE = 20;

export const contractsQuery = () =>
  queryOptions({
    queryKey: futuresKeys.contracts,
    queryFn: () => apiPost<FuturesContract[]>('/xb/v1/futures/contracts', {}, { silent: true }),
  });

export const fundingInfoQuery = () =>
  queryOptions({
    queryKey: futuresKeys.funding,
    queryFn: () => apiPost<FundingInfo[]>('/xb/v1/futures/funding/info', {}, { silent: true }),
  });

export const accountQuery = () =>
  queryOptions({
    queryKey: futuresKeys.account,
    queryFn: () => apiPost<FuturesAccount>('/xb/v1/futures/account', {}, { silent: true }),
  });

/** Every open position of the user (all contracts: cross collateral depends on all of them). */
export const positionsQuery = () =>
  queryOptions({
    queryKey: futuresKeys.positions,
    queryFn: () => apiPost<FuturesPosition[]>('/xb/v1/futures/positions', {}, { silent: true }),
  });

export const openOrdersQuery = (symbol?: string) =>
  queryOptions({
    queryKey: futuresKeys.open(symbol),
    queryFn: () => apiPost<FuturesOrder[]>('/xb/v1/futures/orders/open', symbol ? { symbol } : {}, { silent: true }),
  });

/**
 * One page of a record list, newest first. The contract documents `Page<T>` ({items, …}) but the futures
 * server answers {list, …}; both are accepted so the screen keeps working when either side is aligned.
 */
async function fetchPage<T>(path: string, symbol: string | undefined, page: number): Promise<Page<T>> {
  return apiPost<Page<T>>(path, { symbol, page, size: RECORD_PAGE_SIZE }, { silent: true });
}

export const fetchOrderHistory = (symbol: string | undefined, page: number) =>
  fetchPage<FuturesOrder>('/xb/v1/futures/orders/history', symbol, page);

export const fetchClosedPositions = (symbol: string | undefined, page: number) =>
  fetchPage<FuturesPosition>('/xb/v1/futures/positions/closed', symbol, page);

export const fetchFundingHistory = (symbol: string | undefined, page: number) =>
  fetchPage<FundingPayment>('/xb/v1/futures/funding/history', symbol, page);

/** The spot 24 h tickers: the futures list shows the underlying's 24 h change (the index follows spot). */
export const spotTickersQuery = () =>
  queryOptions({
    queryKey: ['spot', 'tickers'] as const,
    queryFn: () => apiPost<Ticker[]>('/xb/v1/spot/tickers', {}, { silent: true }),
    staleTime: 10_000,
  });

export const setLeverage = (symbol: string, leverage: number) =>
  apiPost<FuturesSetting>('/xb/v1/futures/leverage', { symbol, leverage });

export const setMarginMode = (symbol: string, marginMode: MarginMode) =>
  apiPost<FuturesSetting>('/xb/v1/futures/margin-mode', { symbol, marginMode });

export const placeFuturesOrder = (body: FuturesPlaceOrderRequest) =>
  apiPost<FuturesOrder>('/xb/v1/futures/order/place', body);

export const cancelFuturesOrder = (orderId: number) =>
  apiPost<FuturesOrder>('/xb/v1/futures/order/cancel', { orderId });

/** Without quantity: fast close (the whole position at market); with it: a partial close. */
export const closePosition = (body: ClosePositionRequest) =>
  apiPost<FuturesOrder>('/xb/v1/futures/position/close', body);

export const closeAllPositions = (requestId: string) =>
  apiPost<{ orders: FuturesOrder[] }>('/xb/v1/futures/position/close-all', { requestId });

/** Adds margin to an isolated position from the futures wallet, or removes it back (within the bounds). */
export const adjustPositionMargin = (body: PositionMarginRequest) =>
  apiPost<FuturesPosition>('/xb/v1/futures/position/margin', body);

export const setStopPl = (body: StopPlRequest) =>
  apiPost<FuturesPosition & { warning: string | null }>('/xb/v1/futures/stop-pl/set', body);

/** How a liquidation was settled (public): ticks, inputs, formulas and the recomputed figures. */
export const liquidationSettlementQuery = (positionId: number) =>
  queryOptions({
    queryKey: ['futures', 'liquidation', positionId] as const,
    queryFn: () => apiPost<LiquidationSettlement>('/xb/v1/futures/liquidation/settlement', { positionId }),
    staleTime: Infinity,
  });
