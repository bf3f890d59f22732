import { expect, test } from '@playwright/test';
import { advanceServerClock, api, registerByApi, useLanguage, useToken } from './support/helpers.ts';
import { asOperator } from './support/operator.ts';

/**
 * Share cards end to end: a new user's 60 s cycle contract settles (the development clock moves it on), the user opens
 * the contract's page in Japanese and taps "Share card": the server's PNG (1080 × 1350) shows; ticking "show
 * amounts" draws it again with them.
 */
test('a user opens the share card of a settled cycle contract', async ({ page, request }) => {
  test.setTimeout(150_000);
  const user = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token: user.token });
  await asOperator(request, '/admin/chain/deposit', {
    user: me.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  const products = await api<{
    instruments: Array<{ instrument: string; periods: Array<{ period: number; terms: string }> }>;
  }>(request, '/xb/v1/cycle/products', {});
  const terms = products.instruments
    .find((i) => i.instrument === 'BTCUSDT')!
    .periods.find((p) => p.period === 60)!.terms;
  const bought = await api<{ id: number }>(
    request,
    '/xb/v1/cycle/buy',
    {
      requestId: `share-${Date.now()}`,
      instrument: 'BTCUSDT',
      period: 60,
      direction: 'up',
      stake: '100',
      acceptRisk: true,
      terms,
    },
    { token: user.token },
  );
  // ticks keep arriving inside the window; the end itself passes in real time, so a closing tick is stored
  for (const step of [20_000, 20_000, 10_000]) {
    await advanceServerClock(request, step);
    await page.waitForTimeout(1_500);
  }
  await expect
    .poll(
      async () =>
        (await api<{ status: string }>(request, '/xb/v1/cycle/order', { id: bought.id }, { token: user.token })).status,
      { timeout: 40_000 },
    )
    .not.toBe('open');

  await useLanguage(page, 'jp');
  await useToken(page, user.token);
  await page.goto(`/cycle/order/${bought.id}`);
  // the settled contract's "how this was settled" view, in Japanese (cycle.spec checks it in English)
  await expect(page.getByTestId('detail-matches')).toHaveText('✓ 保存された指数価格から再計算：同じ結果');
  await expect(page.getByTestId('detail-public-call')).toContainText('POST ');
  await page.getByTestId('share-card-open').click();
  await expect(page.getByTestId('share-card-open')).toHaveCount(0);
  const image = page.getByTestId('share-card-image');
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1350);
  await expect(page.getByTestId('share-card-share')).toHaveText('共有');
  const first = await image.getAttribute('src');

  // with amounts: the server draws the card again
  const drawn = page.waitForResponse(
    (r) => r.url().endsWith('/api/xb/v1/share/card') && r.request().postDataJSON()?.amounts === true,
  );
  await page.getByTestId('share-card-amounts').click();
  const res = await drawn;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.getAttribute('src')).not.toBe(first);
});
