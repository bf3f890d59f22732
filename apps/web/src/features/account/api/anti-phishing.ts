import { queryOptions } from '@tanstack/react-query';
import type { AntiPhishingSetRequest, AntiPhishingView } from '@tidemark/contract';
import { apiPost } from '../../../lib/api.ts';

/** The anti-phishing code: shown masked, set with the login password. */
export const antiPhishingKey = ['account', 'antiPhishing'] as const;

export const antiPhishingQuery = () =>
  queryOptions({
    queryKey: antiPhishingKey,
    queryFn: () => apiPost<AntiPhishingView>('/xb/v1/account/anti-phishing/info'),
  });

export const setAntiPhishing = (body: AntiPhishingSetRequest) =>
  apiPost<AntiPhishingView>('/xb/v1/account/anti-phishing/set', body);
