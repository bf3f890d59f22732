import { CODE_RESEND_SECONDS } from '@tidemark/contract/account-rules';

/**
 * Seconds until the send-code button may be pressed again. The server refuses a resend within
 * CODE_RESEND_SECONDS of the last one; when it says exactly when (`resendAt`, epoch ms) that wins.
 */
export function secondsLeft(now: number, sentAt: number | null, resendAt?: number | null): number {
  if (sentAt === null) return 0;
  const until = resendAt && Number.isFinite(resendAt) ? resendAt : sentAt + CODE_RESEND_SECONDS * 1000;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The server's `resendAt`: epoch milliseconds as a number or a string, or an ISO date. */
export function parseInstant(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (/^\d+$/.test(value)) return Number(value);
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** What the send button says: a first send, the seconds until a resend, or "resend". */
export type CodeButtonText = { key: 'send' } | { key: 'countdown'; seconds: number } | { key: 'resend' };

export function codeButtonText(left: number, sent: boolean): CodeButtonText {
  if (left > 0) return { key: 'countdown', seconds: left };
  return sent ? { key: 'resend' } : { key: 'send' };
}
