import { expect, test, type Page } from '@playwright/test';
import { api, registerByApi, serverNow, useLanguage, useToken } from './support/helpers.ts';
import { asOperator } from './support/operator.ts';

/**
 * Fee coupons and responsible trading from the browser, at a phone viewport:
 * - finance grants a coupon; the user sees it in the user centre in two languages by the rule of spec §9
 *   ("pay 90 % of the fee (10 % off)"), buys BTC and the fee in the trade record is the discounted one;
 * - a new user takes the risk quiz (a wrong answer explained in English, passed in German), sets a 24 h
 *   cooling-off, is refused a new futures order with the end time, and can still close the position.
 */

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const DAY = 86_400_000;

interface Depth {
  asks: Array<[string, string]>;
}
interface Detail {
  id: number;
  status: string;
  fee: string;
  fills: Array<{ price: string; quantity: string; fee: string }>;
}

/** A decimal string as integer units of `scale` decimals (no floats for money). */
function units(text: string, scale: number): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole! + frac.padEnd(scale, '0').slice(0, scale));
}
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

async function fundedUser(page: Page) {
  const request = page.request;
  const user = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token: user.token });
  await asOperator(request, '/admin/chain/deposit', {
    user: me.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  return { ...user, id: me.id };
}

test('a granted coupon is shown by the rule in two languages and discounts the fee of a trade', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  const user = await fundedUser(page);
  // the server's clock (other specs may have moved it forward)
  const now = await serverNow(request);
  await asOperator(request, '/admin/coupon/grant', {
    userId: user.id,
    value: '9',
    products: ['spot'],
    symbols: [],
    expiresAt: now + 7 * DAY,
    reason: 'e2e welcome coupon',
  });

  await useToken(page, user.token);
  await useLanguage(page, 'en_us');
  await page.goto('/mine');
  await page.getByTestId('mine-entry-coupons').click();
  await expect(page).toHaveURL(/\/mine\/coupons$/);
  const card = page.getByTestId('coupon-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('coupon-value')).toHaveText('9');
  await expect(card.getByTestId('coupon-rule')).toHaveText('Pay 90 % of the fee (10 % off)');

  await useLanguage(page, 'de');
  await page.reload();
  await expect(page.getByTestId('coupon-rule')).toHaveText('Sie zahlen 90 % der Gebühr (10 % Rabatt)');

  // a limit buy above the best ask: taker fills, each fee 90 % of the 0.1 % taker fee (rounded up twice)
  await useLanguage(page, 'en_us');
  await expect
    .poll(async () => (await api<Depth>(request, '/xb/v1/spot/depth', { symbol: 'BTCUSDT' })).asks.length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await page.goto('/trade?symbol=BTCUSDT');
  await expect(page.getByTestId('ticket-available')).toHaveText('1000 USDT');
  const depth = await api<Depth>(request, '/xb/v1/spot/depth', { symbol: 'BTCUSDT' });
  const best = BigInt(depth.asks[0]![0].split('.')[0]!);
  // the ticket starts its price at the last trade once that is known: type after it did
  await expect(input(page, 'ticket-price')).not.toHaveValue('');
  await input(page, 'ticket-price').fill(String(best + best / 100n + 1n));
  await input(page, 'ticket-amount').fill('0.001');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByText('Order filled')).toBeVisible();

  const history = await api<{ items: Detail[] }>(
    request,
    '/xb/v1/spot/orders/history',
    { symbol: 'BTCUSDT', page: 1, size: 5 },
    { token: user.token },
  );
  const detail = await api<Detail>(
    request,
    '/xb/v1/spot/order/detail',
    { id: history.items[0]!.id },
    { token: user.token },
  );
  expect(detail.fills.length).toBeGreaterThan(0);
  for (const f of detail.fills) {
    const quote = (units(f.price, 6) * units(f.quantity, 8)) / 100_000_000n;
    const full = ceilDiv(quote, 1000n);
    const paid = ceilDiv(full * 90n, 100n);
    expect(paid).toBeLessThan(full);
    expect(units(f.fee, 6)).toBe(paid);
  }

  // the trade record shows that fee
  await page.getByTestId('all-records').click();
  const order = page.getByTestId('order-card').first();
  await expect(order).toContainText(`${detail.fee} USDT`);
  await order.click();
  await expect(page.getByTestId('fill-row').first()).toContainText(`${detail.fills[0]!.fee} USDT`);
});

test('a new user passes the risk quiz in two languages, sets a 24 h cooling-off, is refused a new futures order and can still close', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const user = await fundedUser(page);
  await api(
    request,
    '/xb/v1/wallet/transfer',
    { requestId: `e2e-rsp-${user.id}`, currency: 'USDT', from: 'spot', to: 'futures', amount: '500' },
    { token: user.token },
  );
  // a position to close later (opened before the cooling-off)
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/xb/v1/futures/order/place', {
            data: {
              clientOrderId: `e2e-rsp-open-${user.id}`,
              symbol: 'BTCUSDT',
              side: 'buy',
              type: 'market',
              quantity: '0.002',
            },
            headers: { authorization: user.token },
          })
        ).status(),
      { timeout: 30_000 },
    )
    .toBe(200);

  await useToken(page, user.token);
  await useLanguage(page, 'en_us');
  await page.goto('/mine');
  await page.getByTestId('mine-entry-responsible').click();
  await expect(page).toHaveURL(/\/mine\/responsible$/);

  // English: one wrong answer is explained
  const answer = async (id: string, text: string) => page.getByTestId(`quiz-${id}`).getByText(text).click();
  await answer('leverage', 'You can lose your whole margin');
  await answer('liquidation', 'When its margin no longer covers the loss at the mark price');
  await answer('cycle', 'The whole stake');
  await answer('funding', 'A payment between longs and shorts every funding interval while the position is open');
  await page.getByTestId('quiz-submit').click();
  await expect(page.getByTestId('quiz-why-cycle')).toContainText('the whole stake is lost');
  await expect(page.getByTestId('quiz-passed')).toHaveCount(0);

  // German: all right
  await useLanguage(page, 'de');
  await page.reload();
  await expect(page.getByTestId('quiz')).toContainText('Risiko-Quiz');
  await answer('leverage', 'Sie können Ihre gesamte Margin verlieren');
  await answer('liquidation', 'Wenn ihre Margin den Verlust zum Mark-Preis nicht mehr deckt');
  await answer('cycle', 'Nichts: Der Einsatz ist verloren');
  await answer(
    'funding',
    'Eine Zahlung zwischen Long und Short in jedem Funding-Intervall, solange die Position offen ist',
  );
  await page.getByTestId('quiz-submit').click();
  await expect(page.getByTestId('quiz-passed')).toContainText('Bestanden');

  // a 24 h cooling-off, confirmed with its end time shown first
  await page.getByTestId('cooling-off').getByText('24 Stunden').click();
  await page.getByTestId('cooling-off-start').click();
  await expect(page.getByText('Bedenkzeit starten?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Starten', exact: true }).click();
  await expect(page.getByTestId('cooling-off-until')).toContainText('Bedenkzeit bis');
  const status = await api<{ excludedUntil: number }>(request, '/xb/v1/responsible/status', {}, { token: user.token });
  const until = new Date(status.excludedUntil).toISOString().slice(0, 16).replace('T', ' ');

  // the futures screen: the risk banner, then a new order is refused with the end time
  await page.goto('/trade?mode=futures&symbol=BTCUSDT');
  await expect(page.getByTestId('risk-banner')).toContainText('Margin');
  await expect(page.getByTestId('position')).toHaveCount(1);
  await page.getByTestId('futures-order-type').getByText('Markt', { exact: true }).click();
  await input(page, 'futures-quantity').fill('0.001');
  await page.getByTestId('futures-submit').click();
  await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
  await expect(page.getByText(`Ihre Bedenkzeit läuft bis ${until} UTC`)).toBeVisible();
  await expect(page.getByTestId('position')).toHaveCount(1);

  // closing still works
  await page.getByTestId('fast-close').click();
  await page.getByRole('dialog').getByRole('button').last().click();
  await expect(page.getByTestId('position')).toHaveCount(0);

  // the banner can be put away for the session
  await page.getByTestId('risk-banner-dismiss').click();
  await expect(page.getByTestId('risk-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('futures-submit')).toBeVisible();
  await expect(page.getByTestId('risk-banner')).toHaveCount(0);
});
