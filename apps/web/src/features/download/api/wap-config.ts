import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import type { WapConfig } from '../../../lib/download-banner.ts';

/** The mobile page configuration: whether to invite users to the app and where it is. */
export const fetchWapConfig = (): Promise<WapConfig> =>
  apiPost<WapConfig>('/xb/v1/common/load/wap/config', {}, { silent: true, noRetry: true });

export const wapConfigQuery = queryOptions({
  queryKey: ['common', 'wapConfig'],
  queryFn: fetchWapConfig,
  staleTime: 5 * 60_000,
});
