import { queryOptions } from '@tanstack/react-query';
import type {
  BindEmailRequest,
  BindPhoneRequest,
  ChangeEmailRequest,
  ChangeFundPasswordRequest,
  ChangePasswordRequest,
  SecurityOverview,
  SessionInfo,
  SetFundPasswordRequest,
  TotpSetupResponse,
  UserProfile,
} from '@tidemark/contract';
import { apiPost } from '../../../lib/api.ts';

/**
 * The signed-in user's account centre (the `account` area of the server). Reads come with their
 * TanStack Query options so every screen shares one cache entry; writes are plain functions and the
 * screens invalidate `accountKeys.all` after them.
 */
export const accountKeys = {
  all: ['account'] as const,
  info: ['account', 'info'] as const,
  security: ['account', 'security'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const accountInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.info, queryFn: () => apiPost<UserProfile>('/xb/v1/account/info') });

export const securityQuery = () =>
  queryOptions({ queryKey: accountKeys.security, queryFn: () => apiPost<SecurityOverview>('/xb/v1/account/security') });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: () => apiPost<SessionInfo[]>('/xb/v1/account/sessions/list'),
  });

export const changePassword = (body: ChangePasswordRequest) => apiPost('/xb/v1/account/password/change', body);
export const setFundPassword = (body: SetFundPasswordRequest) => apiPost('/xb/v1/account/fund-password/set', body);
export const changeFundPassword = (body: ChangeFundPasswordRequest) =>
  apiPost('/xb/v1/account/fund-password/change', body);
export const bindPhone = (body: BindPhoneRequest) => apiPost('/xb/v1/account/phone/bind', body);
export const bindEmail = (body: BindEmailRequest) => apiPost('/xb/v1/account/email/bind', body);
export const changeEmail = (body: ChangeEmailRequest) => apiPost('/xb/v1/account/email/change', body);
export const totpSetup = () => apiPost<TotpSetupResponse>('/xb/v1/account/totp/setup');
export const totpEnable = (code: string) => apiPost('/xb/v1/account/totp/enable', { code });
export const totpDisable = (code: string) => apiPost('/xb/v1/account/totp/disable', { code });
export const revokeSession = (id: number) => apiPost('/xb/v1/account/sessions/revoke', { id });
