import fs from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { advanceServerClock, api, readCode } from '../support/helpers.ts';
import { FUND_PASSWORD, TRON_ADDRESS, userWithPendingKyc as pendingKycUser } from '../support/users.ts';

export { FUND_PASSWORD, TRON_ADDRESS };

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

/** A user with a basic identity application waiting in the console's queue. */
export const userWithPendingKyc = (request: APIRequestContext) => pendingKycUser(request, 'console');

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
