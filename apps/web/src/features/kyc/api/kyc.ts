import { queryOptions } from '@tanstack/react-query';
import type { DocumentType, KycApplicationState, KycLevel, KycLimits, KycUserState } from '@tidemark/contract/kyc';
import { apiPost, apiUpload } from '../../../lib/api.ts';

/**
 * The identity-verification calls (apps/server/src/modules/kyc/kyc.module.ts). Reads come with
 * their TanStack Query options so the entry, the forms and the user centre share one cache entry;
 * after a submission the screens invalidate `kycKeys.all`.
 */
export const kycKeys = {
  all: ['kyc'] as const,
  status: ['kyc', 'status'] as const,
  limits: ['kyc', 'limits'] as const,
};

/** One application as its owner sees it (the ID number masked but for its last four characters). */
export interface KycApplication {
  id: number;
  level: 'basic' | 'advanced';
  state: KycApplicationState;
  rejectReason: string | null;
  submittedAt: number;
  reviewedAt: number | null;
  realName: string | null;
  idNumber: string | null;
  country: string | null;
  documentType: DocumentType | null;
  /** Private URLs (`/api/xb/v1/kyc/photo/…`): fetched with the session header. */
  photos: { front: string; back: string; hand: string } | null;
}

export interface KycStatus {
  level: KycLevel;
  state: KycUserState;
  emailBound: boolean;
  phoneBound: boolean;
  canSubmitBasic: boolean;
  canSubmitAdvanced: boolean;
  basic: KycApplication | null;
  advanced: KycApplication | null;
  limits: KycLimits;
}

export interface KycLimitsAnswer {
  level: KycLevel;
  current: KycLimits;
  table: Array<{ level: KycLevel } & KycLimits>;
  withdrawUnit: string;
  fiatUnit: string;
}

// read afresh on every visit: what it shows changes on other screens (binding a phone or e-mail)
// and at the operator's desk, and a stale "bind your phone first" would be a dead end
export const kycStatusQuery = () =>
  queryOptions({
    queryKey: kycKeys.status,
    queryFn: () => apiPost<KycStatus>('/xb/v1/kyc/status'),
    staleTime: 0,
  });

export const kycLimitsQuery = () =>
  queryOptions({ queryKey: kycKeys.limits, queryFn: () => apiPost<KycLimitsAnswer>('/xb/v1/kyc/limits') });

export interface BasicSubmission {
  realName: string;
  idNumber: string;
  country: string;
  documentType: DocumentType;
}

export const submitBasic = (body: BasicSubmission) =>
  apiPost<KycApplication>('/xb/v1/kyc/basic/submit', body, { silent: true });

export const submitAdvanced = (body: { frontPhoto: string; backPhoto: string; handPhoto: string }) =>
  apiPost<KycApplication>('/xb/v1/kyc/advanced/submit', body, { silent: true });

/** Uploads one photo; the answer's `url` is private (fetched with the session header). */
export function uploadPhoto(file: File): Promise<{ fileId: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<{ fileId: string; url: string }>('/xb/v1/common/upload', form, { silent: true, noRetry: true });
}
