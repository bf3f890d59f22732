import { expect, test } from '@playwright/test';
import { navTitle, registerByApi, tab, tabTitles, useToken } from './support/helpers.ts';

/** The app shell: landing, tab bar, languages, router guard, download banner. */

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

test('/ lands on /home with the five tabs in order', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  expect(await tabTitles(page)).toEqual(TAB_TITLES.en_us);
  await expect(page.getByTestId('home-user')).toBeVisible();

  for (const [key, path, title] of [
    ['market', '/market', 'Markets'],
    ['trade', '/trade', 'Trade'],
    ['cycle', '/cycle', 'Cycle'],
    ['property', '/property', 'Assets'],
  ] as const) {
    await tab(page, key).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(navTitle(page)).toHaveText(title);
  }
  // the trade tab opens the default market's live order book
  await tab(page, 'trade').click();
  await expect(page.getByTestId('order-book')).toBeVisible();
  await tab(page, 'home').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the user icon on /home opens /mine', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('home-user').click();
  await expect(page).toHaveURL(/\/mine$/);
});

test('switching language in /setting translates the tab titles, through all eight', async ({ page }) => {
  await page.goto('/setting');
  await expect(navTitle(page)).toHaveText('Settings');
  for (const [locale, titles] of Object.entries(TAB_TITLES)) {
    await page.getByTestId(`lang-${locale}`).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('LANG'))).toBe(locale);
    await page.goto('/home');
    expect(await tabTitles(page), locale).toEqual(titles);
    await page.goto('/setting');
  }
  // tr is partial: a title it lacks falls back to English
  await page.getByTestId('lang-tr').click();
  await page.goto('/property/coinRecord');
  await expect(navTitle(page)).toHaveText('Asset records');
});

test('a stored "zh" starts in English and is rewritten', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('LANG', 'zh');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/home');
  expect(await tabTitles(page)).toEqual(TAB_TITLES.en_us);
  expect(await page.evaluate(() => localStorage.getItem('LANG'))).toBe('en_us');
});

test('/mine/identity without a token goes to /login', async ({ page }) => {
  await page.goto('/mine/identity');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/mine/identityNew');
  await expect(page).toHaveURL(/\/login$/);
});

test('/mine/identity with a token is not redirected', async ({ page, request }) => {
  const { token } = await registerByApi(request);
  await useToken(page, token);
  await page.goto('/mine/identity');
  await expect(page).toHaveURL(/\/mine\/identity$/);
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/mine\/identity$/);
});

test('the nav bar keeps its title in NAV_TITLE and goes back one step', async ({ page }) => {
  await page.goto('/home');
  await page.getByTestId('home-settings').click();
  await expect(navTitle(page)).toHaveText('Settings');
  expect(await page.evaluate(() => localStorage.getItem('NAV_TITLE'))).toBe('Settings');
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the download banner shows on a phone and stays closed for the session', async ({ page }) => {
  await page.goto('/home');
  const banner = page.getByTestId('download-banner');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(banner).toBeHidden();
});

test('an unknown path says so', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('an expired session: the login-expired toast, TOKEN removed, on to /login', async ({ page }) => {
  await useToken(page, 'expired-or-revoked-token');
  // the account centre asks the server who is signed in; the server answers 401
  await page.goto('/mine');
  await expect(page.getByText('Login status expired, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
});
