import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, registerByApi, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Futures live over `/ws`, without reloading and without polling:
 * 1. a position opened in the browser follows the mark price: the development price control (loopback only,
 *    DEV_TOOLS=price on the e2e server) raises the BTC index, and the mark and the position's unrealised P&L
 *    change on screen while the page makes no positions or contracts request;
 * 2. a trade made through the API by another user shows in a second browser (not signed in) as a changed
 *    order book level and a new recent trade, and in the maker's own browser as the filled order leaving the
 *    open orders and the new short position appearing.
 * Set FUTURES_SHOTS=<dir> to also save 390×844 screenshots there.
 */

const SHOTS = process.env.FUTURES_SHOTS;
const plain = (s: string) => s.replace(/[,≈\s+%]|USDT/g, '');
/** A price as the book and the tape show it (en-US grouping, two decimals). */
const shown = (price: string) =>
  Number(price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A new user with `usdt` in the futures wallet (an operator's simulated deposit, then a transfer). */
async function futuresUser(request: APIRequestContext, usdt: string) {
  const { token } = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token });
  const res = await request.post('/api/admin/chain/deposit', {
    data: { user: me.id, currency: 'USDT', chain: 'TRC20', amount: usdt, confirmations: 3 },
    headers: { authorization: await operatorToken(request), locale: 'en_us' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  await api(
    request,
    '/xb/v1/wallet/transfer',
    { requestId: `e2e-live-${me.id}`, currency: 'USDT', from: 'spot', to: 'futures', amount: usdt },
    { token },
  );
  return { id: me.id, token };
}

async function markOf(request: APIRequestContext, symbol: string): Promise<string | null> {
  const list = await api<Array<{ symbol: string; markPrice: string | null }>>(request, '/xb/v1/futures/contracts');
  return list.find((c) => c.symbol === symbol)?.markPrice ?? null;
}

/** Counts the requests the page makes to the given API paths from now on. */
function countRequests(page: Page, paths: string[]) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (paths.some((p) => url.includes(p))) seen.push(url);
  });
  return seen;
}

test.beforeEach(async ({ request }) => {
  // the futures market maker quotes once the feed has a price
  await expect
    .poll(() => markOf(request, 'BTCUSDT'), { message: 'a BTCUSDT mark price', timeout: 30_000 })
    .not.toBeNull();
});

test('a futures position opened in the browser follows the mark price live, without reload or polling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const me = await futuresUser(request, '500');
  await useToken(page, me.token);
  await page.goto('/trade?mode=futures&symbol=BTCUSDT');
  await expect(page.getByTestId('mark-price')).not.toHaveText('--');
  await expect(page.getByTestId('futures-available')).toHaveText('500 USDT');

  await page.getByTestId('futures-order-type').getByText('Market').click();
  await page.getByTestId('futures-quantity').locator('input').fill('0.002');
  await page.getByTestId('futures-submit').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const card = page.getByTestId('position');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('position-quantity')).toHaveText('0.002');
  await expect(card.getByTestId('position-pnl')).not.toHaveText('--');
  const markBefore = Number(plain(await page.getByTestId('mark-price').innerText()));
  await shot(page, 'futures-live-before');

  // from here on the page must not ask for positions or contracts: the changes come over the socket
  const polled = countRequests(page, ['/xb/v1/futures/positions', '/xb/v1/futures/contracts']);
  const index = await api<{ prices: Array<{ price: string }> }>(request, '/xb/v1/market/index', {
    instrument: 'BTCUSDT',
  });
  const target = (Number(index.prices[0]!.price) * 1.03).toFixed(2);
  await api(request, '/dev/price/set', { instrument: 'BTCUSDT', price: target });

  // the mark follows the index within a tick or two (held within 0.5 % of it), and the P&L with it
  await expect
    .poll(async () => Number(plain(await page.getByTestId('mark-price').innerText())), {
      message: 'the mark price on screen rises with the index',
      timeout: 30_000,
    })
    .toBeGreaterThan(markBefore * 1.02);
  const openPrice = Number(
    (await api<Array<{ openPrice: string }>>(request, '/xb/v1/futures/positions', {}, { token: me.token }))[0]!
      .openPrice,
  );
  const markShown = Number(plain(await page.getByTestId('mark-price').innerText()));
  // a 0.002 BTC long gains 0.002 × (mark − open); the card shows the figure of a recent mark
  await expect
    .poll(async () => Number(plain(await card.getByTestId('position-pnl').innerText())), {
      message: 'the unrealised P&L on the card follows the mark',
      timeout: 15_000,
    })
    .toBeGreaterThan(0.002 * (markShown - openPrice) * 0.9);
  await shot(page, 'futures-live-after');
  expect(polled).toEqual([]);

  // leave the index where it was, for the specs that run next on this server (spot buys at the BTC price)
  await api(request, '/dev/price/set', { instrument: 'BTCUSDT', price: index.prices[0]!.price });
});

test('a trade through the API shows in a second browser’s book and trades and in the maker’s own records', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const maker = await futuresUser(request, '1000');
  const taker = await futuresUser(request, '1000');

  // the maker's browser: their open orders and positions
  await useToken(page, maker.token);
  await page.goto('/trade?mode=futures&symbol=BTCUSDT');
  await expect(page.getByTestId('futures-open-orders')).toBeVisible();
  // a second browser, not signed in, watching the same contract's book and trades
  const viewerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const viewer = await viewerContext.newPage();
  await viewer.goto('/trade?mode=futures&symbol=BTCUSDT');
  const book = viewer.getByTestId('futures-book').getByTestId('order-book');
  await expect(book.getByTestId('book-ask').first()).toBeVisible();
  await expect(book.getByTestId('book-bid').first()).toBeVisible();

  // a sell between the best bid and the best ask (the maker's quotes), so the taker's buy meets it first
  const priceOf = async (side: 'ask' | 'bid') =>
    Number(plain(await book.getByTestId(`book-${side}`).locator('.book__price').first().innerText()));
  const asks = book.getByTestId('book-ask');
  const bestAsk = Number(
    plain(
      await asks
        .nth((await asks.count()) - 1)
        .locator('.book__price')
        .innerText(),
    ),
  );
  const bestBid = await priceOf('bid');
  expect(bestAsk).toBeGreaterThan(bestBid + 0.2);
  const price = ((bestAsk + bestBid) / 2).toFixed(1);
  const placed = await api<{ id: number }>(
    request,
    '/xb/v1/futures/order/place',
    {
      clientOrderId: `live-maker-${maker.id}`,
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price,
      quantity: '0.003',
    },
    { token: maker.token },
  );
  // the resting order shows in the maker's open orders and as a level of the viewer's book
  const makerOrders = page.getByTestId('futures-open-orders').getByTestId('futures-order');
  await expect(makerOrders).toHaveCount(1);
  const level = book.getByTestId('book-ask').filter({ hasText: shown(price) });
  await expect(level).toContainText('0.003');
  await shot(viewer, 'futures-live-viewer-before');

  const makerPolled = countRequests(page, ['/xb/v1/futures/positions', '/xb/v1/futures/orders/open']);
  const viewerPolled = countRequests(viewer, ['/xb/v1/futures/']);
  const bought = await api<{ status: string; averagePrice: string }>(
    request,
    '/xb/v1/futures/order/place',
    { clientOrderId: `live-taker-${taker.id}`, symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.003' },
    { token: taker.token },
  );
  expect(bought.status).toBe('filled');
  expect(Number(bought.averagePrice)).toBe(Number(price));

  // the viewer: the level is gone and the trade is the newest on the tape
  await expect(level).toHaveCount(0);
  const tabs = viewer.getByTestId('futures-book');
  await tabs.getByRole('tab', { name: 'Latest trades' }).click();
  const trade = viewer.getByTestId('futures-trades').getByTestId('trade-row').first();
  await expect(trade).toContainText(shown(price));
  await expect(trade).toContainText('0.003');
  await shot(viewer, 'futures-live-viewer-after');
  await tabs.getByRole('tab', { name: 'Order book' }).click();
  // a tap on a level of the live book makes it the ticket's limit price
  const bid = book.getByTestId('book-bid').first();
  const bidShown = Number(plain(await bid.locator('.book__price').innerText()));
  await bid.click();
  await expect
    .poll(async () => Number(await viewer.getByTestId('futures-price').locator('input').inputValue()))
    .toBe(bidShown);
  // the maker: the order has left the open orders and the short position is there
  await expect(makerOrders).toHaveCount(0);
  const position = page.getByTestId('position');
  await expect(position).toHaveCount(1);
  await expect(position.getByTestId('position-direction')).toHaveText('Short');
  await expect(position.getByTestId('position-quantity')).toHaveText('0.003');
  await shot(page, 'futures-live-maker-after');
  expect(makerPolled).toEqual([]);
  expect(viewerPolled).toEqual([]);
  expect(placed.id).toBeGreaterThan(0);
  await viewerContext.close();
});
