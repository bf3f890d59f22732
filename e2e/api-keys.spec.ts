import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  advanceServerClock,
  api,
  registerByApi,
  serverNow,
  totpAtServerTime,
  useLanguage,
  useToken,
} from './support/helpers.ts';

/**
 * The bot API keys as a person manages them on /mine/api: a new user with a fund password creates a
 * key, sees its secret once, the key signs a real /api/v3/account call, disabling it makes the same
 * call refused, and deleting it (fund password in the confirm sheet) removes it from the list.
 * Set APIKEYS_SHOTS=<dir> to save 390×844 screenshots there.
 */

const SHOTS = process.env.APIKEYS_SHOTS;
const PASSWORD = 'abc12345';
const FUND_PASSWORD = '135790';

/** GET /api/v3/account signed the Binance way: HMAC-SHA256 of the query string under the secret. */
async function signedAccount(request: APIRequestContext, apiKey: string, secret: string) {
  // the server's clock, not ours: other specs move the development clock forward
  const query = `timestamp=${await serverNow(request)}&recvWindow=60000`;
  const signature = createHmac('sha256', secret).update(query).digest('hex');
  return request.get(`/api/v3/account?${query}&signature=${signature}`, { headers: { 'X-MBX-APIKEY': apiKey } });
}

test('a user creates an API key, uses it, disables and deletes it', async ({ page, request }) => {
  const { token } = await registerByApi(request, PASSWORD);
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: PASSWORD },
    { token },
  );
  await useLanguage(page, 'en_us');
  await useToken(page, token);

  await page.goto('/mine');
  await page.getByTestId('mine-entry-api').click();
  await expect(page).toHaveURL(/\/mine\/api$/);
  await expect(page.getByTestId('api-create-form')).toBeVisible();

  await page.getByTestId('api-label').locator('input').fill('grid bot');
  await page.getByTestId('api-perm-trade').click();
  await page.getByTestId('api-fund-password').locator('input').fill(FUND_PASSWORD);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-create.png`, fullPage: true });
  await page.getByTestId('api-create-submit').click();

  const once = page.getByTestId('api-secret-once');
  await expect(once).toBeVisible();
  await expect(once).toContainText('will not be shown again');
  const apiKey = (await page.getByTestId('api-created-key').innerText()).trim();
  const secret = (await page.getByTestId('api-created-secret').innerText()).trim();
  expect(secret.length).toBeGreaterThan(20);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-secret.png`, fullPage: true });

  const ok = await signedAccount(request, apiKey, secret);
  expect(ok.status()).toBe(200);
  expect(((await ok.json()) as { canTrade: boolean }).canTrade).toBe(true);

  // once acknowledged, the secret is gone from the page
  await page.getByTestId('api-secret-done').click();
  await expect(page.getByTestId('api-secret-once')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const card = page.locator('[data-testid^="api-card-"]').filter({ hasText: 'grid bot' });
  await expect(card.getByTestId('api-key-status')).toHaveText('Active');
  await expect(card).toContainText('Read, Trade');
  await card.getByTestId('api-key-toggle').click();
  await expect(card.getByTestId('api-key-status')).toHaveText('Disabled');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/api-list.png`, fullPage: true });

  const refused = await signedAccount(request, apiKey, secret);
  expect(refused.ok()).toBe(false);

  await card.getByTestId('api-key-delete').click();
  const sheet = page.getByTestId('api-delete-sheet');
  await expect(sheet).toContainText('grid bot');
  await sheet.getByTestId('api-fund-password').locator('input').fill(FUND_PASSWORD);
  await sheet.getByTestId('api-delete-submit').click();
  await expect(page.locator('[data-testid^="api-card-"]').filter({ hasText: 'grid bot' })).toHaveCount(0);
  const left = await api<unknown[]>(request, '/xb/v1/botapi/keys/list', {}, { token });
  expect(left).toHaveLength(0);
});

test('without a fund password the page says so before anything is typed and offers to set it', async ({
  page,
  request,
}) => {
  const { token } = await registerByApi(request, PASSWORD);
  await useLanguage(page, 'en_us');
  await useToken(page, token);
  await page.goto('/mine/api');
  await expect(page.getByTestId('fund-password-inline')).toBeVisible();
  await expect(page.getByTestId('api-create-form')).toHaveCount(0);

  await page.getByTestId('inline-fund-password').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('inline-fund-confirm').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('inline-login-password').locator('input').fill(PASSWORD);
  await page.getByTestId('inline-fund-submit').click();
  await expect(page.getByTestId('api-create-form')).toBeVisible();
});

test('with two-factor on, creating a key also asks for the authenticator code', async ({ page, request }) => {
  const { token } = await registerByApi(request, PASSWORD);
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: PASSWORD },
    { token },
  );
  const { secret } = await api<{ secret: string }>(request, '/xb/v1/account/totp/setup', {}, { token });
  await api(request, '/xb/v1/account/totp/enable', { code: await totpAtServerTime(request, secret) }, { token });
  await useLanguage(page, 'en_us');
  await useToken(page, token);
  await page.goto('/mine/api');

  await page.getByTestId('api-label').locator('input').fill('reader');
  await page.getByTestId('api-fund-password').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('api-create-submit').click();
  await expect(page.getByTestId('api-error')).toBeVisible();
  await expect(page.getByTestId('api-secret-once')).toHaveCount(0);

  // the code that turned two-factor on may not be used twice: the authenticator shows the next one
  await advanceServerClock(request, 30_000);
  await page
    .getByTestId('api-totp-code')
    .locator('input')
    .fill(await totpAtServerTime(request, secret));
  await page.getByTestId('api-create-submit').click();
  await expect(page.getByTestId('api-secret-once')).toBeVisible();
});

test('a withdraw key is refused without an IP allow-list or advanced identity verification', async ({
  page,
  request,
}) => {
  const { token } = await registerByApi(request, PASSWORD);
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: PASSWORD },
    { token },
  );
  await useLanguage(page, 'en_us');
  await useToken(page, token);
  await page.goto('/mine/api');

  await page.getByTestId('api-label').locator('input').fill('treasury');
  await page.getByTestId('api-perm-withdraw').click();
  await expect(page.getByTestId('api-withdraw-hint')).toContainText('24 hours');
  await page.getByTestId('api-fund-password').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('api-create-submit').click();
  await expect(page.getByTestId('api-error')).toHaveText('A key that can withdraw needs an IP allow-list');

  await page.getByTestId('api-ip-allow').locator('textarea').fill('203.0.113.7');
  await page.getByTestId('api-create-submit').click();
  await expect(page.getByTestId('api-error')).toContainText('advanced identity verification');
  await expect(page.locator('[data-testid^="api-card-"]')).toHaveCount(0);
});
