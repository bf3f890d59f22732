import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyView, ApiPermission, CreatedApiKey } from '@tidemark/contract/api-keys';
import { apiPost } from '../../../lib/api.ts';

/** The bot API keys of the signed-in user (server module botapi); creating or deleting one needs this proof. */
export interface OwnerProof {
  fundPassword: string;
  totpCode?: string;
}

export const apiKeysKey = ['account', 'apiKeys'] as const;

export const apiKeysQuery = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: () => apiPost<ApiKeyView[]>('/xb/v1/botapi/keys/list') });

export const createApiKey = (body: { label: string; permissions: ApiPermission[]; ipAllow: string[] } & OwnerProof) =>
  apiPost<CreatedApiKey>('/xb/v1/botapi/keys/create', body);
export const setApiKeyStatus = (id: number, status: 'active' | 'disabled') =>
  apiPost('/xb/v1/botapi/keys/status', { id, status });
export const deleteApiKey = (id: number, proof: OwnerProof) => apiPost('/xb/v1/botapi/keys/delete', { id, ...proof });
