import { expect, test } from '@playwright/test';
import { advanceServerClock, api, registerByApi, useLanguage, useToken } from './support/helpers.ts';
import { asOperator } from './support/operator.ts';

const FUND_PASSWORD = '246810';
const DAY_MS = 86_400_000;

/**
 * The share card of a staking order end to end: a new user locks 500 USDT in the 7-day plan through the confirm
 * screen, a day of interest accrues (the development clock moves on), and in the lock record, in German, the user
 * taps "Share card" on that order: the server's PNG (1080 × 1350) shows; ticking "show amounts" draws it again.
 */
test('a user locks USDT in a staking plan and opens the order’s share card', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request);
  await api(
    request,
    '/xb/v1/account/fund-password/set',
    { fundPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD, loginPassword: 'abc12345' },
    { token: user.token },
  );
  await asOperator(request, '/admin/chain/deposit', {
    user: user.email,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  const plans = await api<{ items: Array<{ id: number; currency: string; lockDays: number }> }>(
    request,
    '/xb/v1/earn/plans',
    {},
  );
  const plan = plans.items.find((p) => p.currency === 'USDT' && p.lockDays === 7)!;

  await useLanguage(page, 'de');
  await useToken(page, user.token);
  await page.goto(`/confirmLock/${plan.id}`);
  await expect(page.getByTestId('available-spot')).toContainText(/1[.,]000 USDT/);
  await page.getByTestId('lock-amount').locator('input').fill('500');
  await page.getByTestId('lock-fund-password').locator('input').fill(FUND_PASSWORD);
  await page.getByTestId('lock-submit').click();
  await expect(page).toHaveURL(/\/lockRecord$/);
  const order = page.locator('section[data-testid^="order-"]').first();
  await expect(order.getByTestId('order-amount')).toContainText('500 USDT');

  // a day of interest: the card then shows +0.05 % accrued so far (0.25 of 500)
  await advanceServerClock(request, DAY_MS);
  await expect
    .poll(
      async () => {
        await page.reload();
        return order.getByTestId('order-earnings').innerText();
      },
      { message: 'the first daily accrual', timeout: 30_000 },
    )
    .toMatch(/^0[.,]25 USDT$/);

  const drawn = page.waitForResponse((r) => r.url().endsWith('/api/xb/v1/share/card'));
  await order.getByTestId('share-card-open').click();
  const first = await drawn;
  expect(first.status()).toBe(200);
  expect(first.request().postDataJSON()).toMatchObject({ kind: 'earn', amounts: false });
  const image = order.getByTestId('share-card-image');
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1350);
  await expect(order.getByTestId('share-card-share')).toHaveText('Teilen');
  const src = await image.getAttribute('src');

  const withAmounts = page.waitForResponse(
    (r) => r.url().endsWith('/api/xb/v1/share/card') && r.request().postDataJSON()?.amounts === true,
  );
  await order.getByTestId('share-card-amounts').click();
  const res = await withAmounts;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.getAttribute('src')).not.toBe(src);
});
