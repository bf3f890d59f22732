import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, registerByApi, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Spot trading end to end: a new user, funded by the operator's simulated deposit, buys BTC
 * with a limit order priced through the market maker's best ask, sees the fill, the balance change,
 * the trade in the coin's latest trades and the candle series holding data; then places a resting
 * order far below the market and revokes it.
 * Set SPOT_SHOTS=<dir> to also save 390×844 screenshots there.
 */

const SHOTS = process.env.SPOT_SHOTS;
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

interface Depth {
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}
interface Order {
  id: number;
  status: string;
  filledQuantity: string;
  price: string | null;
}
interface Detail extends Order {
  fills: Array<{ tradeId: number; price: string; quantity: string }>;
}

/** Whole USDT above/below a price: a multiple of every tick, computed on digits (no money floats). */
function wholeAbove(price: string, percent: bigint): string {
  const whole = BigInt(price.split('.')[0]!);
  return String(whole + (whole * percent) / 100n + 1n);
}
function wholeBelow(price: string, percent: bigint): string {
  const whole = BigInt(price.split('.')[0]!);
  return String(whole - (whole * percent) / 100n);
}

test('a funded user buys through the market maker, sees the fill and the trade, then places and revokes a resting order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const user = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token: user.token });
  await admin(request, '/admin/chain/deposit', {
    user: me.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  await useToken(page, user.token);

  // the market maker quotes both sides
  await expect
    .poll(async () => (await api<Depth>(request, '/xb/v1/spot/depth', { symbol: 'BTCUSDT' })).asks.length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);

  await page.goto('/trade?symbol=BTCUSDT');
  await expect(page.getByTestId('order-book').getByTestId('book-ask').first()).toBeVisible();
  await expect(page.getByTestId('order-book').getByTestId('book-bid').first()).toBeVisible();
  await expect(page.getByTestId('ticket-available')).toHaveText('1000 USDT');
  await shot(page, 'trade-funded');

  // the ticket refuses a zero amount with the spec message, before any call
  await page.getByTestId('ticket-amount').locator('input').fill('0');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('ticket-errors')).toContainText('Amount must be greater than zero');

  // a limit buy 1 % above the best ask crosses the maker's quotes and fills at their prices
  const depth = await api<Depth>(request, '/xb/v1/spot/depth', { symbol: 'BTCUSDT' });
  const limit = wholeAbove(depth.asks[0]![0], 1n);
  // the ticket starts its price at the last trade once that is known: type after it did (a fill racing the seed
  // lands beside it, "63512.350810")
  await expect(page.getByTestId('ticket-price').locator('input')).not.toHaveValue('');
  await page.getByTestId('ticket-price').locator('input').fill(limit);
  await page.getByTestId('ticket-amount').locator('input').fill('0.001');
  await expect(page.getByTestId('ticket-errors')).toHaveCount(0);
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByText('Order filled')).toBeVisible();

  const history = await api<{ items: Order[] }>(
    request,
    '/xb/v1/spot/orders/history',
    { symbol: 'BTCUSDT', page: 1, size: 5 },
    { token: user.token },
  );
  const bought = history.items[0]!;
  expect(bought.status).toBe('filled');
  const detail = await api<Detail>(request, '/xb/v1/spot/order/detail', { id: bought.id }, { token: user.token });
  expect(detail.fills.length).toBeGreaterThan(0);

  // the balance changed: less USDT available, some BTC to sell
  await expect(page.getByTestId('ticket-available')).not.toHaveText('1000 USDT');
  await expect(page.getByTestId('ticket-available')).toHaveText(/^9\d\d(\.\d+)? USDT$/);
  await page.getByTestId('ticket-sell').click();
  await expect(page.getByTestId('ticket-available')).toHaveText(/^0\.00\d*[1-9]\d* BTC$/);
  await shot(page, 'trade-filled');

  // the order and its fills in the records
  await page.getByTestId('all-records').click();
  await expect(page.getByTestId('order-card').first().getByTestId('order-status')).toHaveText('Filled');
  await page.getByTestId('order-card').first().click();
  await expect(page.getByTestId('fill-row')).toHaveCount(detail.fills.length);
  await shot(page, 'trade-detail');

  // the trade on the coin's screen: in the latest trades, and the candle series has bars
  await page.goto('/coinDetail/1');
  const fill = detail.fills[0]!;
  await expect(
    page
      .getByTestId('trade-row')
      .filter({ has: page.locator('td', { hasText: new RegExp(`^${fill.quantity}$`) }) })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/);
  await shot(page, 'coin-detail');

  // a resting buy far below the market, then revoked
  await page.goto('/trade?symbol=BTCUSDT');
  const low = wholeBelow((await api<Depth>(request, '/xb/v1/spot/depth', { symbol: 'BTCUSDT' })).bids[0]![0], 20n);
  await expect(page.getByTestId('ticket-price').locator('input')).not.toHaveValue('');
  await page.getByTestId('ticket-price').locator('input').fill(low);
  await page.getByTestId('ticket-amount').locator('input').fill('0.001');
  await expect(page.getByTestId('ticket-available')).toHaveText(/^9\d\d(\.\d+)? USDT$/);
  await expect(page.getByTestId('ticket-errors')).toHaveCount(0);
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByText('Order placed')).toBeVisible();
  await expect(page.getByTestId('open-order')).toHaveCount(1);
  await shot(page, 'trade-resting');
  await page.getByTestId('open-order').getByTestId('revoke').click();
  // revoking asks first; one tap confirms
  await expect(page.getByText(/Revoke this order\? Buy 0\.001 @/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
  const open = await api<Order[]>(request, '/xb/v1/spot/orders/open', { symbol: 'BTCUSDT' }, { token: user.token });
  expect(open).toEqual([]);
  const after = await api<{ items: Order[] }>(
    request,
    '/xb/v1/spot/orders/history',
    { symbol: 'BTCUSDT', page: 1, size: 5 },
    { token: user.token },
  );
  expect(after.items[0]!.status).toBe('cancelled');
});

test('market lists: sort header cycles, the star keeps a favourite, search remembers what was viewed', async ({
  page,
}) => {
  await page.goto('/market');
  const spot = page.getByTestId('spot-list');
  await expect(spot.getByTestId('coin-row-BTCUSDT')).toBeVisible();

  // spec §4: none → 1 → 2 → none on the same column; another column starts at 1
  const price = spot.getByTestId('sort-price');
  await price.click();
  await expect(price).toHaveAttribute('data-sort', '1');
  await price.click();
  await expect(price).toHaveAttribute('data-sort', '2');
  await price.click();
  await expect(price).toHaveAttribute('data-sort', '0');
  await price.click();
  await spot.getByTestId('sort-name').click();
  await expect(spot.getByTestId('sort-name')).toHaveAttribute('data-sort', '1');
  await expect(price).toHaveAttribute('data-sort', '0');
  await expect(spot.locator('[data-testid^="coin-row-"]').first()).toHaveAttribute('data-testid', 'coin-row-ADAUSDT');

  // the star keeps the coin in COLLECTED_LIST and the favourites list
  await spot.getByTestId('star-ETHUSDT').click();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('COLLECTED_LIST') ?? '[]'))).toEqual([
    { id: 'ETHUSDT', coinType: 2, name: 'ETH/USDT' },
  ]);
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByTestId('favourites-list').getByTestId('coin-row-ETHUSDT')).toBeVisible();
  await page.getByRole('tab', { name: 'Futures' }).click();
  await expect(page.getByTestId('futures-list')).toBeVisible(); // the market list's second tab lists the perpetual contracts

  // a coin's screen, then /coinSearch lists it as recently viewed
  await page.goto('/coinDetail/2');
  await expect(page.getByTestId('coin-detail')).toContainText('ETH/USDT');
  await page.getByTestId('interval-5m').click();
  await expect(page.getByTestId('interval-5m')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Introduction' }).click();
  await expect(page.getByTestId('coin-intro')).toContainText('Ethereum');
  await page.goto('/coinSearch');
  await expect(page.getByTestId('recent-list').getByTestId('coin-row-ETHUSDT')).toBeVisible();
  await page.getByTestId('coin-search-input').locator('input').fill('bitc');
  await expect(page.getByTestId('search-results').locator('[data-testid^="coin-row-"]')).toHaveCount(1);
});
