import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, readCode, useLanguage, useToken } from './support/helpers.ts';

/**
 * @screenshots — captures the main screens in English and Simplified Chinese into
 * docs/screenshots/<screen>-<locale>.png for the README. Not part of the normal run (it writes
 * files); run it alone with:
 *   TM_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts --grep @screenshots
 */
test.skip(!process.env.TM_SCREENSHOTS, 'set TM_SCREENSHOTS=1 to capture the README screenshots');

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');

async function signedUpToken(page: Page): Promise<string> {
  const email = `demo-${Date.now()}@example.com`;
  const { tempToken } = await api<{ tempToken: string }>(page.request, '/xb/v1/common/temp/token');
  await api(page.request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const code = await readCode(page.request, email);
  const auth = await api<{ token: string }>(page.request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password: 'demo1234',
    confirmPassword: 'demo1234',
    agree: true,
  });
  return auth.token;
}

/** Lets the slide transition and web fonts settle; screenshots only, never an assertion. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
}

for (const locale of ['en_us', 'zh_cn']) {
  test(`@screenshots main screens in ${locale}`, async ({ page }) => {
    await useLanguage(page, locale);

    await page.goto('/home');
    await expect(page.getByTestId('tab-home')).toBeVisible();
    await shoot(page, `home-${locale}`);

    await page.goto('/login');
    await expect(page.getByTestId('submit-login')).toBeVisible();
    await shoot(page, `login-${locale}`);

    await page.goto('/register?code=DEMO2026');
    await expect(page.getByTestId('submit-register')).toBeVisible();
    await page.getByTestId('submit-register').click(); // shows the form's own validation messages
    await expect(page.getByTestId('error-agree')).toBeVisible();
    await shoot(page, `register-${locale}`);

    await useToken(page, await signedUpToken(page));
    await page.goto('/mine');
    await expect(page.getByTestId('mine-invite-code')).toBeVisible();
    await shoot(page, `mine-${locale}`);

    await page.goto('/mine/security');
    await page.getByTestId('totp-begin').click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    await shoot(page, `security-${locale}`, true);
  });
}
