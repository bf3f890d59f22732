import { expect, test, type Page } from '@playwright/test';
import { registerByApi, useToken } from './support/helpers.ts';

/**
 * The Content-Security-Policy the server sends (scripts from the site only, no inline script, no
 * framing) must not break the app: every screen below renders and Chromium reports no violation.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test('the app renders under its Content-Security-Policy with no violation', async ({ page, request }) => {
  test.setTimeout(180_000); // five screens, each a full page load
  const violations = watchViolations(page);
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-user')).toBeVisible();

  const user = await registerByApi(request);
  await useToken(page, user.token);
  for (const path of ['/market', '/trade', '/cycle', '/property', '/mine']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  expect(violations).toEqual([]);
});

test('the app cannot be framed by another page', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/home');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/home';
    document.body.appendChild(frame);
  });
  // frame-ancestors 'none' applies to every ancestor, the site itself included
  await expect.poll(() => violations.some((v) => /frame-ancestors|Refused to frame/i.test(v))).toBe(true);
});
