import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { advanceServerClock, api, readCode, useLanguage, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Cycle contracts end to end: a new user, funded by the operator's simulated deposit,
 * buys "up" on BTC for 60 s, watches the countdown while the development clock is moved forward
 * (the server runs with DEV_CLOCK=true; index ticks are stamped with that clock), and sees the
 * result. The result shown must be the one the rule gives for the ticks shown in the verification
 * detail, and those ticks must be the ones the PUBLIC tick call returns.
 * Set CYCLE_SHOTS=<dir> to also save 390×844 screenshots there.
 */

const SHOTS = process.env.CYCLE_SHOTS;
let seq = 0;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function admin<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, {
    data: body,
    headers: { authorization: await operatorToken(request), locale: 'en_us' },
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} → ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function newUser(request: APIRequestContext): Promise<{ id: number; token: string }> {
  const email = `cycle-${Date.now()}-${process.pid}-${seq++}@example.com`;
  const { tempToken } = await api<{ tempToken: string }>(request, '/xb/v1/common/temp/token');
  await api(request, '/xb/v1/common/send/email', { email, purpose: 'register', tempToken });
  const { token } = await api<{ token: string }>(request, '/xb/v1/auth/register', {
    type: 'email',
    email,
    code: await readCode(request, email),
    password: 'abc123',
    confirmPassword: 'abc123',
    agree: true,
  });
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token });
  return { id: me.id, token };
}

async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  await advanceServerClock(request, ms);
}

const units = (d: string) => {
  // exact comparison of decimal strings (prices have at most 8 decimals)
  const [i = '0', f = ''] = d.split('.');
  return BigInt(i + f.padEnd(8, '0'));
};

test('a new user buys up for 60 s, watches the countdown, and the result matches the ticks shown', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  const user = await newUser(request);
  await admin(request, '/admin/chain/deposit', {
    user: user.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  await useToken(page, user.token);

  await page.goto('/cycle');
  await expect(page.getByTestId('cycle-demo').first()).toBeVisible(); // simulated prices are labelled
  await page.getByTestId('cycle-instrument-BTCUSDT').click();
  await page.getByTestId('cycle-period-60').click();
  await expect(page.getByTestId('cycle-period-60')).toContainText('Payout 85%');
  await expect(page.getByTestId('cycle-period-60')).toContainText('Break-even 54.05%');
  await expect(page.getByTestId('cycle-min-label')).toHaveText('Minimum 100 USDT');
  await expect(page.getByTestId('cycle-chart').locator('path')).toBeVisible();

  // below the minimum: refused on the spot
  await page.getByTestId('cycle-amount').locator('input').fill('50');
  await page.getByTestId('cycle-buy-up').click();
  await expect(page.getByTestId('cycle-error')).toHaveText('The minimum is 100 USDT');

  await page.getByTestId('cycle-amount').locator('input').fill('100');
  await page.getByTestId('cycle-buy-up').click();
  const confirm = page.getByTestId('cycle-confirm');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('confirm-fee')).toHaveText('0.1 USDT');
  await expect(page.getByTestId('confirm-total')).toHaveText('100.1 USDT');
  await expect(page.getByTestId('confirm-return')).toHaveText('185 USDT');
  // the first contract needs the risk disclosure accepted
  await expect(page.getByTestId('cycle-confirm-buy')).toBeDisabled();
  await page.getByTestId('cycle-accept-risk').click();
  await shot(page, 'cycle-confirm');
  await page.getByTestId('cycle-confirm-buy').click();

  const countdown = page.getByTestId('cycle-countdown-time');
  await expect(countdown).toHaveText(/^0[01]:\d{2}$/);
  await expect(page.getByTestId('countdown-entry')).not.toHaveText('--'); // the entry tick arrives within a second or two
  const before = await countdown.innerText();
  await shot(page, 'cycle-countdown');

  // the development clock moves on in steps, so index ticks keep arriving inside the window; the last step stops
  // short of the end, so the end itself passes in real time and a closing tick (at or after it) is stored
  for (const step of [20_000, 20_000, 10_000]) {
    await advanceClock(request, step);
    await page.waitForTimeout(1_500);
  }
  expect(before).not.toBe('00:00');
  const result = page.getByTestId('cycle-countdown').getByTestId('cycle-result');
  await expect(result).toHaveText(/^(Win|Lose|Refunded)$/, { timeout: 20_000 });
  const shown = await result.innerText();
  const closeShown = await page.getByTestId('countdown-exit').innerText();
  await shot(page, 'cycle-result');

  // the verification detail
  await page.getByTestId('cycle-open-detail').click();
  await expect(page.getByTestId('detail-matches')).toContainText('same result');
  const entryRow = page.getByTestId('ticks-start').locator('tr[data-flag="entry"]');
  const exitRow = page.getByTestId('ticks-end').locator('tr[data-flag="exit"]');
  const entry = {
    ts: Number(await entryRow.getAttribute('data-ts')),
    price: (await entryRow.getAttribute('data-price'))!,
  };
  const exit = {
    ts: Number(await exitRow.getAttribute('data-ts')),
    price: (await exitRow.getAttribute('data-price'))!,
  };
  await expect(page.getByTestId('ticks-start').locator('td.cy-sources').first()).toContainText('simulated');
  await shot(page, 'cycle-detail');

  // the same contract, re-checked against the PUBLIC tick call with the rule written out here
  const orders = await api<{
    list: Array<{ id: number; committedAt: number; endAt: number; status: string; closePrice: string }>;
  }>(request, '/xb/v1/cycle/orders', { status: 'history' }, { token: user.token });
  const c = orders.list[0]!;
  const pub = await api<{ ticks: Array<{ ts: number; price: string }> }>(request, '/xb/v1/market/ticks', {
    instrument: 'BTCUSDT',
    from: c.committedAt - 5_000,
    to: c.endAt + 5_000,
  });
  const inside = pub.ticks.filter((t) => t.ts > c.committedAt && t.ts <= c.endAt);
  expect(inside.length).toBeGreaterThanOrEqual(2);
  expect(inside[0]).toEqual(expect.objectContaining(entry));
  expect(inside.at(-1)).toEqual(expect.objectContaining(exit));
  const move = units(exit.price) - units(entry.price);
  const expected = move > 0n ? 'won' : move < 0n ? 'lost' : 'refunded';
  expect(c.status).toBe(expected);
  expect(shown).toBe({ won: 'Win', lost: 'Lose', refunded: 'Refunded' }[expected]);
  expect(closeShown.replace(/,/g, '')).toBe(Number(exit.price).toFixed(2)); // display rule: 2 decimals above 100

  // the records list the settled contract with the spec's fields
  await page.goto('/cycle/records');
  await page.getByText('History').click();
  await expect(page.getByTestId(`cycle-record-${c.id}`)).toContainText('100.1 USDT');
  await shot(page, 'cycle-records');
});

test('the cycle tab in German shows the minimum label, payout and break-even rate', async ({ page }) => {
  await useLanguage(page, 'de');
  await page.goto('/cycle');
  await expect(page.getByTestId('cycle-min-label')).toHaveText('Mindestens 100 USDT');
  await page.getByTestId('cycle-instrument-XAUUSDT').click();
  await expect(page.getByTestId('cycle-period-30')).toContainText('Auszahlung 80 %');
  await expect(page.getByTestId('cycle-risk-warning')).toContainText('Hohes Risiko');
  await expect(page.getByTestId('cycle-chart').locator('path')).toBeVisible();
  await shot(page, 'cycle-de');
});

test('terms changed between the quote and the purchase: the ticket shows the new quote, and buys on it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const request = page.request;
  const user = await newUser(request);
  await admin(request, '/admin/chain/deposit', {
    user: user.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  await useToken(page, user.token);
  await page.goto('/cycle');
  await page.getByTestId('cycle-instrument-SOLUSDT').click();
  await page.getByTestId('cycle-period-300').click();
  await page.getByTestId('cycle-amount').locator('input').fill('200');
  await page.getByTestId('cycle-buy-down').click();
  await expect(page.getByTestId('confirm-fee')).toHaveText('0.2 USDT');
  await page.getByTestId('cycle-accept-risk').click();

  // while the ticket is open, the operator raises the fee of this product (the payout rate stays the same)
  await admin(request, '/admin/cycle/products/update', { instrument: 'SOLUSDT', period: 300, feeRate: '0.005' });
  try {
    await page.getByTestId('cycle-confirm-buy').click();
    await expect(page.getByTestId('cycle-terms-changed')).toHaveText(
      'The terms changed after your quote. Review the new quote below, then confirm again.',
    );
    await expect(page.getByTestId('confirm-fee')).toHaveText('1 USDT');
    await expect(page.getByTestId('confirm-total')).toHaveText('201 USDT');
    await shot(page, 'cycle-terms-changed');
    // nothing was bought on the old terms
    const open = await api<{ list: unknown[] }>(
      request,
      '/xb/v1/cycle/orders',
      { status: 'open' },
      { token: user.token },
    );
    expect(open.list).toHaveLength(0);

    await page.getByTestId('cycle-confirm-buy').click();
    await expect(page.getByTestId('cycle-countdown-time')).toBeVisible();
    const after = await api<{ list: Array<{ fee: string; total: string }> }>(
      request,
      '/xb/v1/cycle/orders',
      { status: 'open' },
      { token: user.token },
    );
    expect(after.list[0]).toMatchObject({ fee: '1', total: '201' });
  } finally {
    await admin(request, '/admin/cycle/products/update', { instrument: 'SOLUSDT', period: 300, feeRate: '0.001' });
  }
});
