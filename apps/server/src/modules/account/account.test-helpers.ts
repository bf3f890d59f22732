import type { TestServer } from '../../testing/test-server.ts';

/**
 * Helpers for the account and common API tests: ask for a code through the real calls and read it
 * back from the development outbox, as a person would read their mail.
 */
export async function tempToken(s: TestServer): Promise<string> {
  const res = await s.api('/xb/v1/common/temp/token', {});
  if (res.status !== 200) throw new Error(`temp token: ${JSON.stringify(res.body)}`);
  return res.body.data.tempToken;
}

export async function latestCode(s: TestServer, to: string): Promise<string> {
  const res = await s.api(`/dev/outbox?to=${encodeURIComponent(to)}`, null);
  const text: string | undefined = res.body.data.messages[0]?.text;
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function sendEmailCode(s: TestServer, email: string | undefined, purpose: string, token?: string) {
  return s.api('/xb/v1/common/send/email', { email, purpose, tempToken: await tempToken(s) }, token ? { token } : {});
}

export async function sendSmsCode(
  s: TestServer,
  phone: string | undefined,
  purpose: string,
  token?: string,
  countryCode = '1',
) {
  return s.api(
    '/xb/v1/common/send/sms',
    { phone, countryCode, purpose, tempToken: await tempToken(s) },
    token ? { token } : {},
  );
}

/** Sends a code by e-mail and returns it (fails the test when sending failed). */
export async function emailCode(s: TestServer, email: string, purpose: string, token?: string): Promise<string> {
  const res = await sendEmailCode(s, email, purpose, token);
  if (res.status !== 200) throw new Error(`send email code: ${JSON.stringify(res.body)}`);
  return latestCode(s, email);
}

export async function smsCode(
  s: TestServer,
  phone: string,
  purpose: string,
  token?: string,
  countryCode = '1',
): Promise<string> {
  const res = await sendSmsCode(s, phone, purpose, token, countryCode);
  if (res.status !== 200) throw new Error(`send sms code: ${JSON.stringify(res.body)}`);
  return latestCode(s, `+${countryCode}${phone}`);
}

let seq = 0;
/** A fresh e-mail address no other test uses. */
export const uniqueEmail = (tag = 'u') => `${tag}${Date.now().toString(36)}${++seq}@example.com`;
/** A fresh 10-digit number. */
export const uniquePhone = () =>
  `55${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 100).padStart(2, '0')}`;

export async function registerByEmail(
  s: TestServer,
  email: string,
  password = 'abc123',
  extra: Record<string, unknown> = {},
) {
  const code = await emailCode(s, email, 'register');
  const res = await s.api('/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password,
    confirmPassword: password,
    agree: true,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return res.body.data as { token: string; user: { id: number; inviteCode: string; email: string } };
}
