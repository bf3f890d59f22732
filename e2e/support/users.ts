import type { APIRequestContext } from '@playwright/test';
import { api, readCode } from './helpers.ts';

export const FUND_PASSWORD = '246810';
/** A valid TRON address the simulated network accepts as a withdrawal destination. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let seq = 0;

/**
 * A user as the retail app makes one: registered by e-mail, phone bound, fund password set, and a basic
 * identity application waiting for review. `prefix` names the spec in the e-mail address.
 */
export async function userWithPendingKyc(
  request: APIRequestContext,
  prefix: string,
): Promise<{ email: string; token: string; realName: string }> {
  const email = `${prefix}-${Date.now()}-${process.pid}-${seq++}@example.com`;
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
