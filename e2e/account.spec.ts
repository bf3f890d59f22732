import { expect, test, type Page } from '@playwright/test';
import {
  advanceServerClock,
  api,
  navTitle,
  readCode,
  readOutbox,
  tabTitles,
  totpAtServerTime,
  useLanguage,
  useToken,
} from './support/helpers.ts';

/**
 * Sign-up, login and the account centre, end to end against the real server: codes are read from
 * the development outbox, messages are the server's own (localized) ones.
 */

const TAB_TITLES: Record<string, string[]> = {
  en_us: ['Home', 'Markets', 'Trade', 'Cycle', 'Assets'],
  zh_hk: ['首頁', '行情', '交易', '週期', '資產'],
  zh_cn: ['首页', '行情', '交易', '周期', '资产'],
  de: ['Start', 'Märkte', 'Handel', 'Zyklus', 'Vermögen'],
  fr: ['Accueil', 'Marchés', 'Trader', 'Cycle', 'Actifs'],
  jp: ['ホーム', 'マーケット', '取引', 'サイクル', '資産'],
  kr: ['홈', '마켓', '거래', '사이클', '자산'],
  tr: ['Ana sayfa', 'Piyasalar', 'İşlem', 'Döngü', 'Varlıklar'],
};

let seq = 0;
const uniqueEmail = () => `e2e-${Date.now()}-${process.pid}-${seq++}@example.com`;

/** The text input inside an antd-mobile Input that carries a data-testid. */
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const toast = (page: Page) => page.locator('.adm-toast-main');

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await input(page, 'input-email').fill(email);
  await input(page, 'input-password').fill(password);
  await page.getByTestId('submit-login').click();
}

async function logoutInSettings(page: Page): Promise<void> {
  await page.goto('/setting');
  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
}

test('register by e-mail → log in → eight languages → change password → log out → guarded route', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();

  // sign up with the code from the outbox
  await page.goto('/register');
  await expect(navTitle(page)).toHaveText('Sign up');
  await input(page, 'input-email').fill(email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/\d+ s/); // the 60 s countdown runs
  await expect(page.getByTestId('send-code')).toBeDisabled();
  const code = await readCode(request, email);
  await input(page, 'input-code').fill(code);
  await input(page, 'input-password').fill('abc123');
  await input(page, 'input-confirm-password').fill('abc123');
  await page.getByTestId('agree').click();
  await page.getByTestId('submit-register').click();
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByTestId('mine-account')).toHaveText(email);
  await expect(page.getByTestId('mine-invite-code')).toContainText(/[A-Z0-9]{8}/);

  // log out, then log in with the new account
  await logoutInSettings(page);
  await login(page, email, 'abc123');
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByTestId('mine-account')).toHaveText(email);

  // every language translates the tab titles
  for (const [locale, titles] of Object.entries(TAB_TITLES)) {
    await page.goto('/setting');
    await page.getByTestId(`lang-${locale}`).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('LANG'))).toBe(locale);
    await page.goto('/home');
    expect(await tabTitles(page), locale).toEqual(titles);
  }
  await page.goto('/setting');
  await page.getByTestId('lang-en_us').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('LANG'))).toBe('en_us');

  // change the password: a mismatch is refused on the page first
  await page.goto('/mine/password');
  await input(page, 'input-old-password').fill('abc123');
  await input(page, 'input-password').fill('xyz789');
  await input(page, 'input-confirm-password').fill('xyz788');
  await page.getByTestId('submit-password').click();
  await expect(page.getByTestId('error-confirmPassword')).toHaveText(
    'The new password and the confirmed password do not match',
  );
  await input(page, 'input-confirm-password').fill('xyz789');
  await page.getByTestId('submit-password').click();
  await expect(toast(page)).toContainText('Your password has been changed');

  // log out; the identity screen now sends to /login
  await logoutInSettings(page);
  await page.goto('/mine/identity');
  await expect(page).toHaveURL(/\/login$/);

  // the new password is the one that works
  await login(page, email, 'xyz789');
  await expect(page).toHaveURL(/\/mine$/);
});

test("a wrong password shows the server's message, in the user's language", async ({ page, request }) => {
  const email = uniqueEmail();
  const { tempToken } = await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token');
  await api(request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const code = await readCode(request, email);
  await api(request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  });

  await login(page, email, 'wrong999');
  await expect(toast(page)).toHaveText('Incorrect account or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();

  await useLanguage(page, 'zh_cn');
  await login(page, email, 'wrong999');
  await expect(toast(page)).toHaveText('账号或密码错误');
});

test('bad input is refused on the page, translated, before any call', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/xb/v1/auth/') || r.url().includes('/api/xb/v1/common/send')) calls.push(r.url());
  });

  await page.goto('/register');
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('error-email')).toHaveText('Please enter your e-mail');
  await expect(page.getByTestId('error-code')).toHaveText('The verification code is 6 digits');
  await expect(page.getByTestId('error-agree')).toHaveText('Please read and accept the user agreement');
  await page.getByTestId('send-code').click(); // no address: nothing is sent
  await input(page, 'input-email').fill('not-an-email');
  await input(page, 'input-password').fill('abcdef');
  await input(page, 'input-confirm-password').fill('abcdeg');
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('error-email')).toHaveText('Please enter a valid e-mail address');
  await expect(page.getByTestId('error-password')).toHaveText(
    'The password must be 6–20 characters with at least one letter and one digit; symbols are allowed, spaces are not',
  );
  await expect(page.getByTestId('error-confirmPassword')).toHaveText(
    'The new password and the confirmed password do not match',
  );

  // the phone tab: empty phone, default country prefix "1"
  await page.getByRole('tab', { name: 'Phone' }).click();
  await expect(input(page, 'input-country-code')).toHaveValue('1');
  await page.getByTestId('submit-register').click();
  await expect(page.getByTestId('error-phone')).toHaveText('Please enter your phone number');

  // the same rules in German
  await useLanguage(page, 'de');
  await page.goto('/login');
  await page.getByTestId('submit-login').click();
  await expect(page.getByTestId('error-email')).toHaveText('Bitte geben Sie Ihre E-Mail ein');
  await expect(page.getByTestId('error-password')).toHaveText('Bitte geben Sie Ihr Passwort ein');

  expect(calls).toEqual([]);
});

test('an invite link pre-fills the invite code', async ({ page }) => {
  await page.goto('/register?code=ab12cd34');
  await expect(input(page, 'input-invite-code')).toHaveValue('AB12CD34');
  await expect(page.getByTestId('link-agreement')).toHaveAttribute('href', '/documentDetail/user_agreement');
});

async function registeredUser(page: Page): Promise<{ email: string; token: string }> {
  const email = uniqueEmail();
  const { tempToken } = await api<{ tempToken: string }>(page.request, '/xb/v1/common/temp/token');
  await api(page.request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const code = await readCode(page.request, email);
  const auth = await api<{ token: string }>(page.request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  });
  return { email, token: auth.token };
}

test('security center: 2FA on with the QR key, login asks for the code, 2FA off; devices', async ({ page }) => {
  const { email, token } = await registeredUser(page);
  await useToken(page, token);
  await page.goto('/mine/security');
  await expect(page.getByTestId('device-current')).toBeVisible();
  await expect(page.getByTestId('security-totp')).toContainText('Off');

  await page.getByTestId('totp-begin').click();
  await expect(page.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByTestId('submit-totp-enable').click();
  await expect(page.getByTestId('error-code')).toHaveText('The authenticator code is 6 digits');
  await input(page, 'input-totp').fill(await totpAtServerTime(page.request, secret));
  await page.getByTestId('submit-totp-enable').click();
  await expect(page.getByTestId('security-totp')).toContainText('On');

  // a code is accepted once: the next one belongs to the next 30-second step
  await advanceServerClock(page.request, 30_000);
  // a second device: the password alone is not enough any more
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: page.url().replace(/\/mine.*$/, ''), viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await login(phone, email, 'abc123');
  await expect(phone.getByTestId('input-totp')).toBeVisible();
  await expect(phone).toHaveURL(/\/login$/);
  await input(phone, 'input-totp').fill(await totpAtServerTime(page.request, secret));
  await phone.getByTestId('submit-login').click();
  await expect(phone).toHaveURL(/\/mine$/);

  // the first device sees both sessions and logs the other one out
  await page.reload();
  await expect(page.getByTestId('device')).toHaveCount(1);
  await page.getByTestId('device').getByRole('button').click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('device')).toHaveCount(0);
  await phone.goto('/mine/security');
  await expect(phone).toHaveURL(/\/login$/); // its token now answers 401
  await other.close();

  // turning 2FA off needs a current code (not the one used to sign in)
  await advanceServerClock(page.request, 30_000);
  await input(page, 'input-totp').fill(await totpAtServerTime(page.request, secret));
  await page.getByTestId('submit-totp-disable').click();
  await expect(page.getByTestId('security-totp')).toContainText('Off');
});

test('fund password: set with the login password, then change it', async ({ page }) => {
  const { token } = await registeredUser(page);
  await useToken(page, token);
  await page.goto('/mine/fund');
  await input(page, 'input-login-password').fill('abc123');
  await input(page, 'input-fund-password').fill('12345');
  await input(page, 'input-confirm-password').fill('12345');
  await page.getByTestId('submit-fund').click();
  await expect(page.getByTestId('error-fundPassword')).toHaveText('The fund password must be 6 digits');
  await input(page, 'input-fund-password').fill('123456');
  await input(page, 'input-confirm-password').fill('123456');
  await page.getByTestId('submit-fund').click();
  await expect(page).toHaveURL(/\/mine\/security$/);
  await expect(page.getByTestId('security-fund')).toContainText('Set');

  await page.goto('/mine/fund');
  await input(page, 'input-old-fund-password').fill('123456');
  await input(page, 'input-fund-password').fill('654321');
  await input(page, 'input-confirm-password').fill('654321');
  await page.getByTestId('submit-fund').click();
  await expect(toast(page)).toHaveText('Your fund password has been changed');
});

test('bind a phone, reset the password by SMS code, change the e-mail with codes to both addresses', async ({
  page,
}) => {
  // The server refuses a second code to the same address within 60 s (any purpose), so this flow
  // waits that window out once instead of faking time.
  test.setTimeout(150_000);
  const { email } = await registeredUser(page);
  // (signed in through the page, not useToken: an init script would restore the token the reset revokes)
  await login(page, email, 'abc123');
  await expect(page).toHaveURL(/\/mine$/);

  // bind a phone (country prefix 1 by default)
  const phone = String(5550000000 + Math.floor(Math.random() * 9_999_999));
  await page.getByTestId('mine-entry-phone').click();
  await input(page, 'input-phone').fill(phone);
  await page.getByTestId('send-code').click();
  const bindingCode = await readCode(page.request, `+1${phone}`);
  // taken once the code is in the outbox, so never before the server's own send time (on a slow machine the
  // request could take longer than the second of slack below)
  const phoneCodeSentAt = Date.now();
  await input(page, 'input-code').fill(bindingCode);
  await page.getByTestId('submit-phone').click();
  await expect(page).toHaveURL(/\/mine\/security$/);
  await expect(page.getByTestId('security-phone')).toContainText(phone);

  // a second code to the same phone within 60 s: the server's message
  await logoutInSettings(page);
  await page.goto('/retrieve');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await input(page, 'input-phone').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(toast(page)).toContainText(/try again|seconds|wait/i);

  // forgotten password, by SMS once the window has passed
  await page.waitForTimeout(Math.max(0, phoneCodeSentAt + 61_000 - Date.now()));
  const sentBefore = (await readOutbox(page.request, `+1${phone}`)).length;
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled(); // counting down
  // the outbox still holds the binding code: wait for the new message before reading the latest code
  await expect
    .poll(async () => (await readOutbox(page.request, `+1${phone}`)).length, { message: 'the reset code is sent' })
    .toBeGreaterThan(sentBefore);
  const smsCode = await readCode(page.request, `+1${phone}`);
  await input(page, 'input-code').fill(smsCode);
  await input(page, 'input-password').fill('new456');
  await input(page, 'input-confirm-password').fill('new456');
  await page.getByTestId('submit-retrieve').click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email, 'new456');
  await expect(page).toHaveURL(/\/mine$/);

  // change the e-mail: one code to the current address, one to the new
  const next = uniqueEmail();
  await page.goto('/mine/email');
  await page.getByTestId('to-edit-email').click();
  await expect(page).toHaveURL(/\/mine\/editEmail$/);
  const before = await readOutboxCount(page, email);
  await page.getByTestId('send-old-code').click();
  await expect.poll(() => readOutboxCount(page, email)).toBeGreaterThan(before);
  await input(page, 'input-old-code').fill(await readCode(page.request, email));
  await input(page, 'input-email').fill(next);
  await page.getByTestId('send-new-code').click();
  await input(page, 'input-new-code').fill(await readCode(page.request, next));
  await page.getByTestId('submit-edit-email').click();
  await expect(page).toHaveURL(/\/mine\/security$/);
  await expect(page.getByTestId('security-email')).toContainText(next);
});

async function readOutboxCount(page: Page, to: string): Promise<number> {
  return (await readOutbox(page.request, to)).length;
}
