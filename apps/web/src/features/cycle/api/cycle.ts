import { queryOptions } from '@tanstack/react-query';
import { apiPost, type CallOptions } from '../../../lib/api.ts';

/** The cycle-contract calls (server: apps/server/src/modules/cycle/cycle.routes.ts). Money is decimal strings. */
export type Direction = 'up' | 'down';
export type ContractStatus = 'open' | 'won' | 'lost' | 'refunded';

export interface PeriodTerms {
  period: number;
  payoutRate: string;
  breakEvenPercent: string;
  houseEdgePercent: string;
  feeRate: string;
  minStake: string;
  maxStake: string;
  exposureLimit: string;
  enabled: boolean;
}

export interface CycleInstrument {
  instrument: string;
  base: string;
  kind: 'crypto' | 'commodity';
  enabled: boolean;
  periods: PeriodTerms[];
}

export interface Products {
  demo: boolean;
  countryBlocked: boolean;
  rules: Record<string, string>;
  instruments: CycleInstrument[];
}

export interface Quote {
  /** Fingerprint of the terms quoted; the purchase sends it back and is refused if anything changed since. */
  terms: string;
  instrument: string;
  direction: Direction;
  period: number;
  stake: string;
  fee: string;
  total: string;
  expectedReturn: string;
  expectedProfit: string;
  payoutRate: string;
  breakEvenPercent: string;
  houseEdgePercent: string;
  currency: string;
  indexPrice: string;
  demo: boolean;
  riskAccepted: boolean;
  riskDocument: string;
}

export interface Contract {
  id: number;
  instrument: string;
  direction: Direction;
  period: number;
  currency: string;
  stake: string;
  fee: string;
  total: string;
  payoutRate: string;
  expectedReturn: string;
  expectedProfit: string;
  committedAt: number;
  endAt: number;
  status: ContractStatus;
  refundReason: 'no_ticks' | 'single_tick' | 'tie' | null;
  buyPrice: string | null;
  buyPriceTs: number | null;
  closePrice: string | null;
  closePriceTs: number | null;
  credit: string | null;
  pnl: string | null;
  demo: boolean;
  shortcode: string;
}

export interface VerificationTick {
  ts: number;
  price: string;
  sources: Record<string, string>;
  demo: boolean;
  flag: 'entry' | 'exit' | null;
}

export interface ContractDetail extends Contract {
  now: number;
  contractStart: VerificationTick[];
  contractEnd: VerificationTick[];
  windowTickCount: number;
  matches: boolean | null;
  recomputed: { outcome: ContractStatus | null; refundReason: string | null };
  rules: { version: string; current: string; text: Record<string, string> };
  publicTicks: { path: string; body: { instrument: string; from: number; to: number } };
}

export interface ContractPage {
  total: number;
  page: number;
  size: number;
  list: Contract[];
  now: number;
}

export interface IndexTick {
  ts: number;
  price: string;
  demo: boolean;
}

export const cycleKeys = {
  all: ['cycle'] as const,
  products: ['cycle', 'products'] as const,
  orders: (status: 'open' | 'history', page: number) => ['cycle', 'orders', status, page] as const,
  order: (id: number) => ['cycle', 'order', id] as const,
  ticks: (instrument: string) => ['cycle', 'ticks', instrument] as const,
};

export const productsQuery = () =>
  queryOptions({
    queryKey: cycleKeys.products,
    queryFn: () => apiPost<Products>('/xb/v1/cycle/products'),
    staleTime: 30_000,
  });

export const ordersQuery = (status: 'open' | 'history', page = 1) =>
  queryOptions({
    queryKey: cycleKeys.orders(status, page),
    queryFn: () => apiPost<ContractPage>('/xb/v1/cycle/orders', { status, page, size: 20 }),
  });

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: cycleKeys.order(id), queryFn: () => apiPost<ContractDetail>('/xb/v1/cycle/order', { id }) });

/**
 * The recent index ticks of an instrument: the latest price first tells the server's time (the
 * server's clock, not the phone's), then the stored ticks of the last `seconds` before it.
 */
export async function recentTicks(instrument: string, seconds: number): Promise<{ demo: boolean; ticks: IndexTick[] }> {
  const index = await apiPost<{ demo: boolean; prices: Array<{ ts: number | null }> }>(
    '/xb/v1/market/index',
    { instrument },
    { silent: true },
  );
  const to = index.prices[0]?.ts ?? 0;
  const res = await apiPost<{ demo: boolean; ticks: IndexTick[] }>(
    '/xb/v1/market/ticks',
    { instrument, from: Math.max(0, to - seconds * 1000), to },
    { silent: true },
  );
  return { demo: res.demo, ticks: res.ticks };
}

export const ticksQuery = (instrument: string) =>
  queryOptions({
    queryKey: cycleKeys.ticks(instrument),
    queryFn: () => recentTicks(instrument, 90),
    refetchInterval: 1000,
    retry: false,
  });

export interface QuoteInput {
  instrument: string;
  period: number;
  direction: Direction;
  stake: string;
}

export const requestQuote = (body: QuoteInput, opts?: CallOptions) => apiPost<Quote>('/xb/v1/cycle/quote', body, opts);

export const buyContract = (
  body: QuoteInput & { requestId: string; terms: string; acceptRisk?: boolean; payoutRate?: string },
  opts?: CallOptions,
) => apiPost<Contract & { now: number }>('/xb/v1/cycle/buy', body, opts);

/** The spot USDT the stake is paid from (server: the wallet's assets call). */
export async function spotUsdt(): Promise<string> {
  const a = await apiPost<{
    wallets: Array<{ wallet: string; currencies: Array<{ currency: string; available: string }> }>;
  }>('/xb/v1/wallet/assets', {}, { silent: true });
  return a.wallets.find((w) => w.wallet === 'spot')?.currencies.find((c) => c.currency === 'USDT')?.available ?? '0';
}

/** No timer: CyclePage writes the balances channel's spot USDT into it (useIntoQuery). */
export const spotUsdtQuery = () => queryOptions({ queryKey: ['cycle', 'spot-usdt'] as const, queryFn: spotUsdt });
