import type { CodePurpose, SendCodeResponse, TempTokenResponse } from '@tidemark/contract';
import { apiPost } from './api.ts';

/**
 * One-time codes by e-mail or SMS. Every send first fetches a short-lived anonymous token
 * (/xb/v1/common/temp/token) that the server demands as an anti-abuse measure.
 */
export type CodeTarget =
  { channel: 'email'; email?: string } | { channel: 'sms'; countryCode?: string; phone?: string };

export async function sendCode(target: CodeTarget, purpose: CodePurpose): Promise<SendCodeResponse> {
  const { tempToken } = await apiPost<TempTokenResponse>('/xb/v1/common/temp/token', {});
  if (target.channel === 'email') {
    return apiPost<SendCodeResponse>('/xb/v1/common/send/email', { email: target.email, purpose, tempToken });
  }
  return apiPost<SendCodeResponse>('/xb/v1/common/send/sms', {
    countryCode: target.countryCode,
    phone: target.phone,
    purpose,
    tempToken,
  });
}
