import fs from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { advanceServerClock, api, readCode } from '../support/helpers.ts';

export const FUND_PASSWORD = '246810';
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let seq = 0;

/** The one-time setup link the fresh server printed in its log (the config sends the log to a file). */
export async function setupLinkPath(): Promise<string> {
  let path = '';
  await expect
    .poll(
      () => {
        const log = fs.readFileSync(process.env.TM_ADMIN_E2E_LOG!, 'utf8');
        path = /https?:\/\/[^/\s]+(\/admin\/setup#[\w-]+)/.exec(log)?.[1] ?? '';
        return path;
      },
      { message: 'the setup link in the server log' },
    )
    .not.toBe('');
  return path;
}

/**
 * A user as the retail app makes one: registered by e-mail, phone bound, fund password set, and a
 * basic identity application waiting for review.
 */
export async function userWithPendingKyc(
  request: APIRequestContext,
): Promise<{ email: string; token: string; realName: string }> {
  const email = `console-${Date.now()}-${process.pid}-${seq++}@example.com`;
  const realName = 'Ada Lovelace';
  const temp = async () => (await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token')).tempToken;
  await api(request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken: await temp() });
  const { token } = await api<{ token: string }>(request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code: await readCode(request, email),
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  });
  const phone = String(5550000000 + Math.floor(Math.random() * 9_999_999));
  await api(
    request,
    '/xb/v1/common/send/sms',
    { countryCode: '1', phone, purpose: 'bind', tempToken: await temp() },
    { token },
  );
  await api(
    request,
    '/xb/v1/account/phone/bind',
    { countryCode: '1', phone, code: await readCode(request, `+1${phone}`) },
    { token },
  );
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: 'abc123' },
    { token },
  );
  await api(
    request,
    '/xb/v1/kyc/basic/submit',
    { realName, idNumber: `AB${Date.now() % 10_000_000}`, country: 'GB', documentType: 'passport' },
    { token },
  );
  return { email, token, realName };
}

/** A withdrawal application through the retail calls (fund password + the e-mailed code). */
export async function applyWithdrawal(
  request: APIRequestContext,
  user: { email: string; token: string },
  amount: string,
): Promise<number> {
  // one code per address a minute: move the server's clock past the previous code's resend wait
  await advanceServerClock(request, 61_000);
  const temp = (await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token')).tempToken;
  await api(
    request,
    '/xb/v1/common/send/email',
    { email: user.email, purpose: 'withdraw', tempToken: temp },
    { token: user.token },
  );
  const code = await readCode(request, user.email);
  const w = await api<{ id: number }>(
    request,
    '/xb/v1/wallet/withdraw',
    {
      requestId: `console-${Date.now()}-${seq++}`,
      currency: 'USDT',
      chain: 'TRC20',
      address: TRON_ADDRESS,
      amount,
      fundPassword: FUND_PASSWORD,
      code,
      codeChannel: 'email',
    },
    { token: user.token },
  );
  return w.id;
}
