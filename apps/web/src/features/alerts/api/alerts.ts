import { queryOptions } from '@tanstack/react-query';
import type { AlertKind, MoveWindow, NotificationView, PriceAlert } from '@tidemark/contract/alerts';
import { apiPost } from '../../../lib/api.ts';

/** Price-alert and notice calls (apps/server/src/modules/alerts/alerts.routes.ts). */

export type { AlertKind, MoveWindow, PriceAlert };

export interface NewAlert {
  symbol: string;
  kind: AlertKind;
  price?: string;
  percent?: string;
  window?: MoveWindow;
  email: boolean;
  push: boolean;
}

export const alertKeys = { list: ['alerts', 'list'] as const, notices: ['alerts', 'notices'] as const };

export const alertsQuery = () =>
  queryOptions({
    queryKey: alertKeys.list,
    queryFn: async () => (await apiPost<{ alerts: PriceAlert[] }>('/xb/v1/alerts/list')).alerts,
    // a waiting alert may fire at any second: the list follows without a reload
    refetchInterval: 5_000,
  });

export const noticesQuery = () =>
  queryOptions({
    queryKey: alertKeys.notices,
    queryFn: () => apiPost<{ items: NotificationView[]; unread: number }>('/xb/v1/notifications/list', { size: 50 }),
    refetchInterval: 10_000,
  });

export const instrumentsQuery = () =>
  queryOptions({
    queryKey: ['market', 'instruments'],
    queryFn: async () =>
      (await apiPost<{ instruments: Array<{ symbol: string }> }>('/xb/v1/market/instruments')).instruments.map(
        (i) => i.symbol,
      ),
    staleTime: Infinity,
  });

/** The form's errors are shown beside its fields, not toasted. */
export const createAlert = (a: NewAlert) => apiPost<PriceAlert>('/xb/v1/alerts/create', a, { silent: true });
export const deleteAlert = (id: number) => apiPost<null>('/xb/v1/alerts/delete', { id });
export const markNoticesRead = () => apiPost<null>('/xb/v1/notifications/read', {});
