import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** The user's fee coupons (apps/server/src/modules/coupon). */
export interface Coupon {
  id: number;
  /** spec §9's value ("9", "9.5"): the user pays value × 10 % of the fee */
  value: string;
  payPercent: number;
  offPercent: number;
  products: Array<'spot' | 'futures'>;
  /** empty: every market of the products */
  symbols: string[];
  expiresAt: number;
  status: 'active' | 'expired';
  source: 'operator' | 'invite';
  createdAt: number;
}

export const couponsQuery = () =>
  queryOptions({
    queryKey: ['coupon', 'list'] as const,
    queryFn: () => apiPost<Coupon[]>('/xb/v1/coupon/list', {}),
  });
