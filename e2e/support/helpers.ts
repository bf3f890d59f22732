import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generateSync } from 'otplib';

/**
 * Page helpers shared by the end-to-end specs. Selectors are `data-testid`s the app sets on
 * purpose, so a restyle does not break the tests.
 */

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

/** The development outbox (GET /api/dev/outbox): what the server would have e-mailed or texted. */
export async function readOutbox(request: APIRequestContext, to?: string): Promise<OutboxMessage[]> {
  const res = await request.get('/api/dev/outbox', { params: to ? { to } : {} });
  expect(res.ok(), `GET /api/dev/outbox → ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data: { messages: OutboxMessage[] } };
  return body.data.messages;
}

/** The newest 6-digit code sent to an address or phone number; waits for it to arrive. */
export async function readCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(request, to);
        const newest = [...messages].sort((a, b) => b.createdAt - a.createdAt)[0];
        code = newest && /\b(\d{6})\b/.exec(newest.text)?.[1];
        return code;
      },
      { message: `a code sent to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

/** Calls the app API like the web app does and returns the envelope's data (throws on an error). */
export async function api<T>(
  request: APIRequestContext,
  path: string,
  body: unknown = {},
  opts: { token?: string; locale?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { locale: opts.locale ?? 'en_us' };
  if (opts.token) headers.authorization = opts.token;
  const res = await request.post(`/api${path}`, { data: body, headers });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} → ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Signs the page in with a token (as a login screen would) before the app starts. */
export async function useToken(page: Page, token: string): Promise<void> {
  // only before the first page load: a test can then watch the app remove it
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('tm-e2e-token-set')) {
      localStorage.setItem('TOKEN', t);
      sessionStorage.setItem('tm-e2e-token-set', '1');
    }
  }, token);
}

/** Starts the app in a language (what LANG holds) before it loads. */
export async function useLanguage(page: Page, locale: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('LANG', l), locale);
}

export const TAB_KEYS = ['home', 'market', 'trade', 'cycle', 'property'] as const;

export function tab(page: Page, key: (typeof TAB_KEYS)[number]): Locator {
  return page.getByTestId(`tab-${key}`);
}

/** The five tab titles, in the order they are shown. */
export async function tabTitles(page: Page): Promise<string[]> {
  return Promise.all(TAB_KEYS.map((k) => tab(page, k).innerText()));
}

export function navTitle(page: Page): Locator {
  return page.getByTestId('nav-title');
}

/** A new user registered by e-mail through the real calls (code read from the outbox); returns its token. */
export async function registerByApi(
  request: APIRequestContext,
  password = 'abc12345',
): Promise<{ email: string; token: string }> {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { tempToken } = await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token', {});
  await api(request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const code = await readCode(request, email);
  const { token } = await api<{ token: string }>(request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code,
    password,
    confirmPassword: password,
    agree: true,
  });
  return { email, token };
}

/**
 * Moves the server's development clock forward, then waits for the index prices to catch up: a price
 * stamped before the jump is stale afterwards, and whatever needs a price refuses until the next tick.
 */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<number> {
  const { now } = await api<{ now: number }>(request, '/dev/clock/advance', { ms });
  await expect
    .poll(
      async () => {
        // a stale price answers 503 until the feed's next tick
        const res = await request.post('/api/xb/v1/market/index', { data: { instrument: 'BTCUSDT' } });
        const body = (await res.json()) as {
          code: number;
          data: { prices: Array<{ ts: number; price: string | null }> };
        };
        const p = body.code === 200 ? body.data.prices[0] : undefined;
        return !!p && p.price !== null && p.ts >= now - 1000;
      },
      { message: 'a fresh index price after the clock moved', timeout: 15_000 },
    )
    .toBe(true);
  return now;
}

/** The server's current time (its development clock may be ahead of this machine's). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/health');
  const body = (await res.json()) as { data: { time: number } };
  return body.data.time;
}

/** A TOTP code for the server's current time, as an authenticator on a synchronised phone would show. */
export async function totpAtServerTime(request: APIRequestContext, secret: string): Promise<string> {
  return generateSync({ secret, epoch: Math.floor((await serverNow(request)) / 1000) });
}
