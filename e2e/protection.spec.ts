import { expect, test, type Page } from '@playwright/test';
import { advanceServerClock, api, readCode, readOutbox, registerByApi, useToken } from './support/helpers.ts';

/**
 * Account protection at a phone's size (390×844): the anti-phishing code screen of the security
 * center, and a sign-in that needs an e-mailed code after repeated failures on the account.
 * Set PROTECTION_SHOTS=<dir> to save screenshots there.
 */
const SHOTS = process.env.PROTECTION_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

test('anti-phishing code: set in the security center, shown masked, carried by the next e-mail', async ({ page }) => {
  const { email, token } = await registerByApi(page.request);
  await useToken(page, token);
  await page.goto('/mine/security');
  await expect(page.getByTestId('security-anti-phishing')).toContainText('Not set');
  await page.getByTestId('security-anti-phishing').click();
  await expect(page).toHaveURL(/\/mine\/antiPhishing$/);
  await input(page, 'input-anti-phishing').fill('no');
  await input(page, 'input-password').fill('abc12345');
  await page.getByTestId('submit-anti-phishing').click();
  await expect(page.getByTestId('error-code')).toHaveText('The anti-phishing code must be 4-20 letters or digits');
  await input(page, 'input-anti-phishing').fill('Tide2026');
  await shot(page, 'anti-phishing-form-en');
  await page.getByTestId('submit-anti-phishing').click();
  await expect(page).toHaveURL(/\/mine\/security$/);
  await expect(page.getByTestId('security-anti-phishing')).toContainText('T******6');
  await shot(page, 'security-anti-phishing-en');

  // one code per address a minute: the sign-up's code went out just now
  await advanceServerClock(page.request, 61_000);
  const { tempToken } = await api<{ tempToken: string }>(page.request, '/xb/v1/common/temp/token', {});
  await api(page.request, '/xb/v1/common/send/email', { purpose: 'withdraw', tempToken }, { token });
  const [mail] = await readOutbox(page.request, email);
  expect(mail!.text.startsWith('Anti-phishing code: Tide2026')).toBe(true);
});

test('after repeated failed sign-ins the login page asks for an e-mailed code, and the owner gets in', async ({
  page,
}) => {
  const { email } = await registerByApi(page.request);
  const wrong = () => page.request.post('/api/xb/v1/auth/login', { data: { account: email, password: 'guess12345' } });
  for (let i = 0; i < 5; i++) {
    const res = await wrong();
    const body = (await res.json()) as { error: string; message: string };
    if (body.error === 'LOGIN_DELAYED') {
      // the progressive delay of this source: wait it out (2 s, then 4 s) and guess again
      await page.waitForTimeout(Number(/(\d+) seconds/.exec(body.message)?.[1] ?? 1) * 1000 + 200);
      i -= 1;
      continue;
    }
    expect(body.error).toBe('BAD_CREDENTIALS');
  }
  // past this source's delay and the sign-up code's resend window
  await advanceServerClock(page.request, 61_000);

  await page.goto('/login');
  await input(page, 'input-email').fill(email);
  await input(page, 'input-password').fill('abc12345');
  await page.getByTestId('submit-login').click();
  await expect(page.getByTestId('input-login-code')).toBeVisible();
  await expect(page.locator('.adm-toast-main')).toContainText('verification code');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('send-login-code').click();
  await expect(page.getByTestId('send-login-code')).toContainText(/\d+/);
  await shot(page, 'login-needs-code-en');
  await input(page, 'input-login-code').fill(await readCode(page.request, email));
  await page.getByTestId('submit-login').click();
  await expect(page).toHaveURL(/\/mine$/);
});
