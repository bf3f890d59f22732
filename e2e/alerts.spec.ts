import { expect, test } from '@playwright/test';
import { api, readOutbox, registerByApi, useLanguage, useToken } from './support/helpers.ts';

/**
 * Price alerts end to end: a new user opens "Price alerts" from the user centre in a language, creates an alert a
 * little above the AVAX index, the index is moved across it with the development price control (and put back), the
 * alert shows as fired with when and at what price, and the same sentence waits in the user's notices — once.
 */

const CASES = [
  { locale: 'en_us', entry: 'Price alerts', fired: 'Fired', text: /fired at \d{4}-\d\d-\d\d \d\d:\d\d UTC at / },
  { locale: 'de', entry: 'Preisalarme', fired: 'Ausgelöst', text: /ausgelöst um \d{4}-\d\d-\d\d \d\d:\d\d UTC bei / },
] as const;

for (const c of CASES) {
  test(`a user creates a price alert in ${c.locale}; the index crossing fires it once into the notices`, async ({
    page,
    request,
  }) => {
    const user = await registerByApi(request);
    const index = await api<{ prices: Array<{ price: string }> }>(request, '/xb/v1/market/index', {
      instrument: 'AVAXUSDT',
    });
    const before = index.prices[0]!.price;
    const level = (Number(before) * 1.02).toFixed(2);
    const crossed = (Number(before) * 1.03).toFixed(2);

    await useLanguage(page, c.locale);
    await useToken(page, user.token);
    await page.goto('/mine');
    await expect(page.getByTestId('mine-entry-alerts')).toContainText(c.entry);
    await page.getByTestId('mine-entry-alerts').click();
    await expect(page).toHaveURL(/\/mine\/alerts$/);
    await expect(page.getByTestId('alerts-empty')).toBeVisible();

    // a level the price has passed is refused beside the form, in the user's language
    await page.getByTestId('alert-symbol').getByText('AVAXUSDT', { exact: true }).click();
    await page.getByTestId('alert-price').locator('input').fill('0.01');
    await page.getByTestId('alert-create').click();
    await expect(page.getByTestId('alert-error')).toBeVisible();
    expect(await api<{ alerts: unknown[] }>(request, '/xb/v1/alerts/list', {}, { token: user.token })).toEqual({
      alerts: [],
    });

    await page.getByTestId('alert-price').locator('input').fill(level);
    await page.getByTestId('alert-email').click();
    await page.getByTestId('alert-create').click();
    const row = page.locator('[data-testid^="alert-row-"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('AVAXUSDT');

    try {
      await api(request, '/dev/price/set', { instrument: 'AVAXUSDT', price: crossed });
      await expect(row.getByTestId('alert-status')).toHaveText(c.fired, { timeout: 30_000 });
    } finally {
      // leave the index where the walk was, for whatever runs next on this server
      await api(request, '/dev/price/set', { instrument: 'AVAXUSDT', price: before });
    }
    await expect(row.getByTestId('alert-fired-text')).toContainText(c.text);

    await page.goto('/mine/notices');
    const notices = page.locator('[data-testid^="notice-row-"]');
    await expect(notices).toHaveCount(1);
    await expect(notices.first()).toContainText('AVAXUSDT');
    await expect(notices.first()).toContainText(c.text);
    // the e-mail the user asked for went out too (the e2e server's development outbox)
    await expect
      .poll(async () => (await readOutbox(request, user.email)).filter((m) => m.subject.includes('AVAXUSDT')).length)
      .toBe(1);
  });
}
