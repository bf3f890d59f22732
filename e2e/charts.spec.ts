import { expect, test, type Page } from '@playwright/test';
import { api, registerByApi, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Charts, the trade screen and the appearance settings at 390×844: a market without trades charts its index
 * price; the dark theme and the red-up convention from /setting reach every screen and survive a reload; a tapped
 * book price fills the ticket; price grouping changes the book's rows.
 * Set CHARTS_SHOTS=<dir> to also save screenshots of /trade and /coinDetail in light and dark there.
 */

const SHOTS = process.env.CHARTS_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(800); // the chart's canvas paints on the next frames
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Market {
  symbol: string;
  coinType: number;
  tickSize: string;
}
const markets = (page: Page) => api<Market[]>(page.request, '/xb/v1/spot/markets');

const bookRows = (page: Page, side: 'bid' | 'ask') => page.getByTestId('order-book').getByTestId(`book-${side}`);

/** Two decimal strings as bigints at a common scale (prices compared on digits, never as floats). */
function aligned(a: string, b: string): [bigint, bigint] {
  const places = Math.max((a.split('.')[1] ?? '').length, (b.split('.')[1] ?? '').length);
  const units = (d: string) => BigInt(d.replace('.', '') + '0'.repeat(places - (d.split('.')[1] ?? '').length));
  return [units(a), units(b)];
}
const isMultiple = (price: string, step: string) => {
  const [p, s] = aligned(price, step);
  return p % s === 0n;
};
/** a ≤ b, exactly */
const atMost = (a: string, b: string) => {
  const [x, y] = aligned(a, b);
  return x <= y;
};

test('a market without trades of its own charts its index price, labelled demo', async ({ page }) => {
  // the end-to-end server's demo taker leaves LINK alone (SPOT_DEMO_TAKER_SKIP in playwright.config.ts)
  const link = (await markets(page)).find((m) => m.symbol === 'LINKUSDT')!;
  expect(await api<unknown[]>(page.request, '/xb/v1/spot/candles', { symbol: 'LINKUSDT', interval: '1m' })).toEqual([]);
  await page.goto(`/coinDetail/${link.coinType}`);
  const chart = page.getByTestId('candle-chart');
  await expect(chart).toHaveAttribute('data-source', 'index');
  await expect(page.getByTestId('chart-index-label')).toContainText('Index price');
  await expect(page.getByTestId('chart-index-demo')).toHaveText('Demo');
  await expect(chart).toHaveAttribute('data-bars', /^[1-9]\d*$/);
  // every interval draws it, down to the week
  await page.getByTestId('interval-1W').click();
  await expect(chart).toHaveAttribute('data-bars', /^[1-9]\d*$/);
  await expect(page.getByTestId('chart-index-label')).toBeVisible();
});

test('dark mode from /setting changes the page background and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/setting');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).not.toBe(light);
  const dark = await background();

  // the stored choice is on <html> before the app's scripts run: no light flash on load
  await page.goto('/trade');
  await page.waitForLoadState('domcontentloaded');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page.getByTestId('order-book')).toBeVisible();
  expect(await background()).toBe(dark);
  await page.reload();
  await expect(page.getByTestId('order-book')).toBeVisible();
  expect(await background()).toBe(dark);

  // "system" follows the device again
  await page.goto('/setting');
  await page.getByTestId('theme-system').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe(light);
});

test('with the red-up convention a rising price is red', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  // a rising SOL: its index moves 5 % up, the maker requotes around it, and a user buys at the new ask
  const user = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token: user.token });
  await api(
    request,
    '/admin/chain/deposit',
    { user: me.id, currency: 'USDT', chain: 'TRC20', amount: '1000', confirmations: 3 },
    { token: await operatorToken(request) },
  );
  const index = await api<{ prices: Array<{ price: string }> }>(request, '/xb/v1/market/index', {
    instrument: 'SOLUSDT',
  });
  const before = index.prices[0]!.price;
  const whole = BigInt(before.split('.')[0]!);
  const raised = String(whole + (whole * 5n) / 100n + 1n);
  // a trade at today's price first, so the day's open is below what follows (early in a run the market may not have
  // traded yet, and a day that opens at the raised price shows no change)
  await api(
    request,
    '/xb/v1/spot/order/place',
    { clientOrderId: `charts-open-${Date.now()}`, symbol: 'SOLUSDT', side: 'buy', type: 'market', quoteAmount: '20' },
    { token: user.token },
  );
  await api(request, '/dev/price/set', { instrument: 'SOLUSDT', price: raised });
  await expect
    .poll(
      async () => {
        const depth = await api<{ asks: Array<[string, string]> }>(request, '/xb/v1/spot/depth', { symbol: 'SOLUSDT' });
        return BigInt((depth.asks[0]?.[0] ?? '0').split('.')[0]!) >= whole + (whole * 4n) / 100n;
      },
      { message: 'the maker quotes around the raised index', timeout: 30_000 },
    )
    .toBe(true);
  await api(
    request,
    '/xb/v1/spot/order/place',
    { clientOrderId: `charts-${Date.now()}`, symbol: 'SOLUSDT', side: 'buy', type: 'market', quoteAmount: '50' },
    { token: user.token },
  );

  await expect
    .poll(async () => {
      const tickers = await api<Array<{ symbol: string; changePercent: string }>>(request, '/xb/v1/spot/tickers', {});
      return tickers.find((x) => x.symbol === 'SOLUSDT')?.changePercent ?? '0';
    })
    .toMatch(/^\+?0*[1-9]|^\+?0\.0*[1-9]/);

  await useToken(page, user.token);
  await page.goto('/setting');
  await page.getByTestId('colors-red-up').click();
  await expect(page.locator('html')).toHaveAttribute('data-colors', 'red-up');
  const sol = (await markets(page)).find((m) => m.symbol === 'SOLUSDT')!;
  await page.goto(`/coinDetail/${sol.coinType}`);
  const price = page.getByTestId('detail-price');
  await expect(price).toHaveClass(/is-up/);
  const red = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tm-red').trim());
  const color = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  await expect(price).toHaveCSS('color', color(red));
  // and the convention holds after a reload
  await page.reload();
  await expect(page.getByTestId('detail-price')).toHaveCSS('color', color(red));

  // leave the index where the walk was, for whatever runs next on this server
  await api(request, '/dev/price/set', { instrument: 'SOLUSDT', price: before });
});

test('a tapped book price fills the ticket, and grouping changes the book rows', async ({ page }) => {
  const btc = (await markets(page)).find((m) => m.symbol === 'BTCUSDT')!;
  await page.goto('/trade?symbol=BTCUSDT');
  await expect(bookRows(page, 'ask').first()).toBeVisible();
  await expect(bookRows(page, 'bid').first()).toBeVisible();
  await shot(page, 'trade-light');

  const bid = bookRows(page, 'bid').nth(2);
  const bidPrice = (await bid.getAttribute('data-price'))!;
  await bid.click();
  await expect(page.getByTestId('ticket-price').locator('input')).toHaveValue(bidPrice);

  // grouped by the tick × 100: every row is a multiple of it, bids rounded down and asks up
  const bestBid = (await bookRows(page, 'bid').first().getAttribute('data-price'))!;
  const bestAsk = (await bookRows(page, 'ask').last().getAttribute('data-price'))!;
  const select = page.getByTestId('book-grouping');
  await expect(select.locator('option')).toHaveCount(4);
  const step = (await select.locator('option').nth(2).getAttribute('value'))!;
  expect(btc.tickSize).toBe('0.1');
  expect(step).toBe('10');
  await select.selectOption(step);
  await expect
    .poll(async () =>
      (await bookRows(page, 'bid').evaluateAll((rows) => rows.map((r) => r.dataset.price!))).every((p) =>
        isMultiple(p, step),
      ),
    )
    .toBe(true);
  const grouped = await bookRows(page, 'bid').evaluateAll((rows) => rows.map((r) => r.dataset.price!));
  const groupedAsks = await bookRows(page, 'ask').evaluateAll((rows) => rows.map((r) => r.dataset.price!));
  expect(groupedAsks.every((p) => isMultiple(p, step))).toBe(true);
  // a bid's group starts at or below the bids in it, an ask's at or above
  expect(atMost(grouped[0]!, bestBid)).toBe(true);
  expect(atMost(bestAsk, groupedAsks[groupedAsks.length - 1]!)).toBe(true);
  // tapping a grouped price fills the ticket with it
  await bookRows(page, 'bid').first().click();
  await expect(page.getByTestId('ticket-price').locator('input')).toHaveValue(grouped[0]!);

  // the chart above the book folds away, and stays folded after a reload
  await expect(page.getByTestId('trade-chart')).toHaveAttribute('data-open', 'true');
  await page.getByTestId('trade-chart-toggle').click();
  await expect(page.getByTestId('trade-chart')).toHaveAttribute('data-open', 'false');
  await page.reload();
  await expect(page.getByTestId('trade-chart')).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('candle-chart')).toHaveCount(0);
  await page.getByTestId('trade-chart-toggle').click();
  await expect(page.getByTestId('candle-chart')).toBeVisible();
});

test("the futures side shows the contract's own book and trades, and a tapped price fills its ticket", async ({
  page,
}) => {
  await page.goto('/trade?mode=futures&symbol=BTCUSDT');
  const book = page.getByTestId('futures-book');
  await expect(book.getByTestId('book-bid').first()).toBeVisible({ timeout: 30_000 });
  // the rows are the contract's book as the server answers it, not the spot market's
  const depth = await api<{ bids: Array<[string, string]> }>(page.request, '/xb/v1/futures/depth', {
    symbol: 'BTCUSDT',
    limit: 50,
  });
  const shown = await book.getByTestId('book-bid').evaluateAll((rows) => rows.map((r) => r.dataset.price!));
  // the book shows prices at the contract's tick (97077.0), the call answers them without trailing zeros (97077)
  const plain = (p: string) => (p.includes('.') ? p.replace(/\.?0+$/, '') : p);
  expect(depth.bids.map(([p]) => plain(p))).toEqual(expect.arrayContaining(shown.slice(0, 1).map(plain)));
  const bid = book.getByTestId('book-bid').nth(1);
  const price = (await bid.getAttribute('data-price'))!;
  await bid.click();
  await expect(page.getByTestId('futures-price').locator('input')).toHaveValue(price);

  await book.getByRole('tab', { name: 'Latest trades' }).click();
  const trades = await api<unknown[]>(page.request, '/xb/v1/futures/trades', { symbol: 'BTCUSDT' });
  const tape = page.getByTestId('futures-trades');
  if (trades.length) await expect(tape.getByTestId('trade-row').first()).toBeVisible();
  else await expect(tape).toContainText('No trades yet.');
  await shot(page, 'futures-book');
});

test('screenshots of /trade and /coinDetail in light and dark', async ({ page }) => {
  test.skip(!SHOTS, 'set CHARTS_SHOTS=<dir> to save them');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/trade?symbol=BTCUSDT');
    await expect(bookRows(page, 'bid').first()).toBeVisible();
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/);
    await shot(page, `trade-${theme}`);
    await page.goto('/coinDetail/1');
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/);
    await shot(page, `coin-detail-${theme}`);
    const link = (await markets(page)).find((m) => m.symbol === 'LINKUSDT')!;
    await page.goto(`/coinDetail/${link.coinType}`);
    await expect(page.getByTestId('chart-index-label')).toBeVisible();
    await shot(page, `coin-detail-index-${theme}`);
  }
});
