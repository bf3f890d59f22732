import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import type { EarnPlan } from '@tidemark/contract/earn';

/** The server's earn calls (apps/server/src/modules/earn). Amounts and rates are decimal strings. */
export type { EarnPlan } from '@tidemark/contract/earn';

export type OrderState = 'active' | 'matured' | 'redeemed' | 'revoked';

export interface EarnOrder {
  id: number;
  planId: number;
  currency: string;
  sourceWallet: 'earn' | 'spot';
  amount: string;
  earnings: string;
  expectedEarnings: string;
  dailyRate: string;
  dailyEarnings: string;
  lockDays: number;
  daysPaid: number;
  startTime: number;
  endTime: number;
  graceUntil: number;
  state: OrderState;
  canRevoke: boolean;
  canRedeem: boolean;
  earlyRedemption: { penalty: string; principalPenalty: string; forfeitedEarnings: string; receive: string } | null;
  penalty: string | null;
  closedTime: number | null;
}

interface AssetsWallet {
  wallet: string;
  currencies: Array<{ currency: string; available: string }>;
}

export const earnKeys = {
  all: ['earn'] as const,
  plans: ['earn', 'plans'] as const,
  plan: (id: number) => ['earn', 'plan', id] as const,
  orders: ['earn', 'orders'] as const,
  available: ['earn', 'available'] as const,
};

export const plansQuery = () =>
  queryOptions({ queryKey: earnKeys.plans, queryFn: () => apiPost<{ items: EarnPlan[] }>('/xb/v1/earn/plans') });

export const planQuery = (id: number) =>
  queryOptions({ queryKey: earnKeys.plan(id), queryFn: () => apiPost<EarnPlan>('/xb/v1/earn/plan', { id }) });

export const ordersQuery = () =>
  queryOptions({
    queryKey: earnKeys.orders,
    queryFn: () => apiPost<{ total: number; items: EarnOrder[] }>('/xb/v1/earn/orders', { page: 1, size: 100 }),
  });

/** Available balance per wallet and currency (from the wallet's assets call): `${wallet}:${currency}` → amount. */
export const availableQuery = () =>
  queryOptions({
    queryKey: earnKeys.available,
    queryFn: async () => {
      const assets = await apiPost<{ wallets: AssetsWallet[] }>('/xb/v1/wallet/assets');
      const map: Record<string, string> = {};
      for (const w of assets.wallets) for (const c of w.currencies) map[`${w.wallet}:${c.currency}`] = c.available;
      return map;
    },
  });

export interface SubscribeBody {
  planId: number;
  amount: string;
  wallet: 'earn' | 'spot';
  fundPassword: string;
}

export const subscribe = (requestId: string, body: SubscribeBody) =>
  apiPost<EarnOrder>('/xb/v1/earn/subscribe', { requestId, ...body }, { silent: true });
export const redeem = (requestId: string, orderId: number) =>
  apiPost<EarnOrder>('/xb/v1/earn/redeem', { requestId, orderId });
export const revoke = (requestId: string, orderId: number) =>
  apiPost<EarnOrder>('/xb/v1/earn/revoke', { requestId, orderId });
