import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, registerByApi, useLanguage, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Futures close triggers and the liquidation's "how this was settled" page, at phone size:
 * 1. a new user opens a long in the browser, sets on /stopPl a take-profit on the LAST price and a 1 % trailing
 *    stop, seeing the estimated P&L at the take-profit before saving; the development price control raises the
 *    BTC index 2 % (the stop follows the high), then puts it back (a 2 % retracement): the trailing stop closes
 *    the position at market;
 * 2. a second new user, in German, whose 50× isolated long is liquidated when the index drops 3 %, opens the
 *    closed position's "how this was settled" page: the ticks used, the inputs and the recomputed figures,
 *    which agree with the recorded ones; the same page in English for anyone;
 * 3. a third new user, in German, sets a take-profit and a stop-loss inside the order ticket, sees the estimated
 *    P&L at each before confirming, and the position carries them; then adds a trailing stop on the TP/SL page.
 * The index is put back where it was at the end (finally), for the specs that run next on this server.
 */

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const plain = (s: string) => s.replace(/[,≈\s]|USDT/g, '');

interface Position {
  symbol: string;
  openPrice: string;
  quantity: string;
  takeProfitPrice: string | null;
  takeProfitTrigger: string;
  trailingStop: { callbackRate: string; watermark: string | null; stopPrice: string | null } | null;
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
    { requestId: `e2e-trig-${me.id}`, currency: 'USDT', from: 'spot', to: 'futures', amount: usdt },
    { token },
  );
  return { id: me.id, token };
}

const btcIndex = async (request: APIRequestContext) =>
  (await api<{ prices: Array<{ price: string }> }>(request, '/xb/v1/market/index', { instrument: 'BTCUSDT' }))
    .prices[0]!.price;
const setIndex = (request: APIRequestContext, price: string) =>
  api(request, '/dev/price/set', { instrument: 'BTCUSDT', price });
const positions = (request: APIRequestContext, token: string) =>
  api<Position[]>(request, '/xb/v1/futures/positions', {}, { token });

test.beforeEach(async ({ request }) => {
  await expect
    .poll(
      async () =>
        (await api<Array<{ symbol: string; markPrice: string | null }>>(request, '/xb/v1/futures/contracts')).find(
          (c) => c.symbol === 'BTCUSDT',
        )?.markPrice ?? null,
      { message: 'a BTCUSDT mark price', timeout: 30_000 },
    )
    .not.toBeNull();
});

test('a trailing stop and a last-price take-profit with the estimated P&L; the stop closes the position; a liquidation shows how it was settled', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const request = page.request;
  const indexBefore = await btcIndex(request);
  try {
    // 1. open a long in the browser
    const me = await futuresUser(request, '500');
    await useToken(page, me.token);
    await page.goto('/trade?mode=futures&symbol=BTCUSDT');
    await expect(page.getByTestId('mark-price')).not.toHaveText('--');
    await page.getByTestId('futures-order-type').getByText('Market').click();
    await input(page, 'futures-quantity').fill('0.002');
    await page.getByTestId('futures-submit').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const card = page.getByTestId('position');
    await expect(card).toHaveCount(1);
    const pos = (await positions(request, me.token))[0]!;
    const open = Number(pos.openPrice);

    // the TP/SL page: a take-profit on the last price, its estimated P&L, a 1 % trailing stop
    await card.getByTestId('set-tpsl').click();
    await expect(page).toHaveURL(/\/stopPl\?symbol=BTCUSDT$/);
    await page.getByTestId('tp-trigger').getByText('Last price').click();
    const tp = (open * 1.05).toFixed(1);
    await input(page, 'tp-input').fill(tp);
    const est = page.getByTestId('tp-est-pnl');
    await expect(est).toContainText('Est. P&L');
    const contract = (await api<Array<{ symbol: string; takerFee: string }>>(request, '/xb/v1/futures/contracts')).find(
      (c) => c.symbol === 'BTCUSDT',
    )!;
    // 0.002 × (TP − open) less the taker fee on 0.002 × TP (checked here to the cent; the page is exact)
    const expected = 0.002 * (Number(tp) - open) - 0.002 * Number(tp) * Number(contract.takerFee);
    expect(
      Math.abs(Number(plain((await est.locator('strong').innerText()).replace('USDT', ''))) - expected),
    ).toBeLessThan(0.01);
    await input(page, 'trail-callback-input').fill('12');
    await expect(page.getByTestId('trail-error')).toBeVisible();
    await expect(page.getByTestId('stop-pl-save')).toBeDisabled();
    await input(page, 'trail-callback-input').fill('1');
    await expect(page.getByTestId('trail-error')).toHaveCount(0);
    await page.getByTestId('stop-pl-save').click();
    await expect(page).toHaveURL(/\/trade\?mode=futures/);
    const saved = (await positions(request, me.token))[0]!;
    expect(saved).toMatchObject({ takeProfitTrigger: 'last' });
    expect(Number(saved.takeProfitPrice)).toBe(Number(tp)); // the API writes prices without trailing zeros
    expect(saved.trailingStop).toMatchObject({ callbackRate: '1' });
    await expect(page.getByTestId('position').getByTestId('position-tp')).toContainText('Last price');
    await expect(page.getByTestId('position').getByTestId('position-trailing')).toContainText('1%');

    // the index rises 2 %: the trailing stop follows the high
    await setIndex(request, (Number(indexBefore) * 1.02).toFixed(2));
    await expect
      .poll(async () => Number((await positions(request, me.token))[0]?.trailingStop?.watermark ?? 0), {
        message: 'the trailing stop follows the rise',
        timeout: 30_000,
      })
      .toBeGreaterThan(open * 1.012);
    // back where it was: a retracement of about 2 %, beyond the 1 % callback
    await setIndex(request, indexBefore);
    await expect
      .poll(async () => (await positions(request, me.token)).length, {
        message: 'the trailing stop closes the position',
        timeout: 60_000,
      })
      .toBe(0);
    await expect(page.getByTestId('position')).toHaveCount(0);
    await page.getByTestId('contract-record-link').click();
    await page.getByRole('tab', { name: 'Closed positions' }).click();
    await expect(page.getByTestId('closed-position').first().getByTestId('position-close-reason')).toHaveText(
      'Stop-loss',
    );

    // 2. a German-speaking user's 50× isolated long, liquidated by a 3 % drop
    const other = await futuresUser(request, '100');
    await api(
      request,
      '/xb/v1/futures/margin-mode',
      { symbol: 'BTCUSDT', marginMode: 'isolated' },
      { token: other.token },
    );
    await api(request, '/xb/v1/futures/leverage', { symbol: 'BTCUSDT', leverage: 50 }, { token: other.token });
    const bought = await api<{ status: string }>(
      request,
      '/xb/v1/futures/order/place',
      { clientOrderId: `trig-liq-${other.id}`, symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.002' },
      { token: other.token },
    );
    expect(bought.status).toBe('filled');
    await setIndex(request, (Number(indexBefore) * 0.97).toFixed(2));
    await expect
      .poll(async () => (await positions(request, other.token)).length, {
        message: 'the 50× long is liquidated',
        timeout: 60_000,
      })
      .toBe(0);
    await setIndex(request, indexBefore);

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const de = await ctx.newPage();
    await useLanguage(de, 'de');
    await useToken(de, other.token);
    await de.goto('/trade?mode=futures&symbol=BTCUSDT');
    await de.getByTestId('contract-record-link').click();
    await de.getByRole('tab', { name: 'Geschlossene Positionen' }).click();
    const closed = de.getByTestId('closed-position').first();
    await expect(closed.getByTestId('position-close-reason')).toHaveText('Liquidation');
    await closed.getByTestId('liquidation-settlement-link').click();
    await expect(de).toHaveURL(/\/liquidationSettlement\/\d+$/);
    const view = de.getByTestId('liquidation-settlement');
    await expect(view.getByTestId('settlement-agrees')).toHaveText(
      'Die neu berechneten Zahlen stimmen mit den gespeicherten überein',
    );
    await expect(view.getByTestId('settlement-ticks').locator('tr[data-used]')).toHaveCount(1);
    await expect(view.getByTestId('settlement-formula')).toContainText('Bankrottpreis');
    await expect(view.getByTestId('settlement-public-call')).toContainText('/api/xb/v1/futures/liquidation/settlement');
    // the public call gives the same figures without signing in
    const positionId = Number(/liquidationSettlement\/(\d+)/.exec(de.url())![1]);
    const pub = await api<{ agrees: boolean; result: { bankruptcyPrice: string } }>(
      request,
      '/xb/v1/futures/liquidation/settlement',
      { positionId },
    );
    expect(pub.agrees).toBe(true);
    expect(Number(pub.result.bankruptcyPrice)).toBeGreaterThan(0);
    await expect(view.getByTestId('settlement-bankruptcy-price')).not.toHaveText('--');
    await ctx.close();
    // the same page in English (the figures are public: any user may open it)
    await page.goto(`/liquidationSettlement/${positionId}`);
    await expect(page.getByTestId('settlement-agrees')).toHaveText('The recomputed figures equal the recorded ones');
    await expect(page.getByTestId('settlement-formula')).toContainText('bankruptcy');
  } finally {
    await setIndex(request, indexBefore);
  }
});

test('in German, TP/SL set inside the order ticket with the estimated P&L at each before confirming', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const me = await futuresUser(request, '500');
  await useLanguage(page, 'de');
  await useToken(page, me.token);
  await page.goto('/trade?mode=futures&symbol=BTCUSDT');
  await expect(page.getByTestId('mark-price')).not.toHaveText('--');
  await page.getByTestId('futures-order-type').getByText('Markt', { exact: true }).click();
  await input(page, 'futures-quantity').fill('0.002');
  const mark = Number(
    (await api<Array<{ symbol: string; markPrice: string }>>(request, '/xb/v1/futures/contracts')).find(
      (c) => c.symbol === 'BTCUSDT',
    )!.markPrice,
  );
  const tp = (mark * 1.05).toFixed(1);
  const sl = (mark * 0.95).toFixed(1);

  // the TP/SL fields load when turned on; a stop-loss above the price is refused beside the field
  await page.getByTestId('ticket-tpsl-on').click();
  await input(page, 'ticket-tp').fill(tp);
  await input(page, 'ticket-sl').fill((mark * 1.01).toFixed(1));
  await expect(page.getByTestId('ticket-sl-error')).toContainText('Bei Long muss der Stop-Loss unter');
  await page.getByTestId('futures-submit').click();
  await expect(page.getByTestId('order-confirm')).toHaveCount(0);
  await input(page, 'ticket-sl').fill(sl);
  await expect(page.getByTestId('ticket-sl-error')).toHaveCount(0);
  const tpEst = page.getByTestId('ticket-tp-est-pnl');
  await expect(tpEst).toContainText('Geschätzter G/V');
  // about 0.002 × 5 % of the mark, less the taker fee (the mark may move a little while the test runs)
  const tpPnl = Number(plain(await tpEst.locator('strong').innerText()));
  expect(Math.abs(tpPnl - 0.002 * mark * 0.05)).toBeLessThan(0.002 * mark * 0.01);
  const slPnl = Number(plain(await page.getByTestId('ticket-sl-est-pnl').locator('strong').innerText()));
  expect(slPnl).toBeLessThan(0);

  // the confirmation repeats both, with the price each watches and its estimate
  await page.getByTestId('futures-submit').click();
  await expect(page.getByTestId('confirm-tp')).toContainText(`Markpreis`);
  // a market order's estimate follows the mark, which may move between the ticket and the confirmation
  const confirmed = async (id: string) =>
    Number(/geschätzter G\/V (-?[\d.,]+)/.exec(await page.getByTestId(id).innerText())![1]!.replace(/,/g, ''));
  expect(Math.abs((await confirmed('confirm-tp')) - tpPnl)).toBeLessThan(0.002 * mark * 0.01);
  expect(Math.abs((await confirmed('confirm-sl')) - slPnl)).toBeLessThan(0.002 * mark * 0.01);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByTestId('position')).toHaveCount(1);
  await expect
    .poll(async () => Number((await positions(request, me.token))[0]?.takeProfitPrice ?? NaN), { timeout: 15_000 })
    .toBe(Number(tp)); // the API writes prices without trailing zeros
  const held = (
    await api<Array<{ stopLossPrice: string | null }>>(
      request,
      '/xb/v1/futures/positions',
      {},
      {
        token: me.token,
      },
    )
  )[0]!;
  expect(Number(held.stopLossPrice)).toBe(Number(sl));
  // the position card shows the take-profit it now carries
  await expect
    .poll(async () => Number(plain(await page.getByTestId('position').getByTestId('position-tp').innerText())))
    .toBe(Number(tp));

  // the TP/SL page in German keeps both and adds a 1 % trailing stop
  await page.getByTestId('position').getByTestId('set-tpsl').click();
  await expect(page.getByText('Trailing-Stop', { exact: true })).toBeVisible();
  await expect.poll(async () => Number(await input(page, 'tp-input').inputValue())).toBe(Number(tp));
  await input(page, 'trail-callback-input').fill('1');
  await page.getByTestId('stop-pl-save').click();
  await expect(page).toHaveURL(/\/trade\?mode=futures/);
  await expect(page.getByTestId('position').getByTestId('position-trailing')).toContainText('1%');
  // leave nothing open for the specs that follow
  await api(
    request,
    '/xb/v1/futures/position/close',
    { clientOrderId: `trig-close-${me.id}`, symbol: 'BTCUSDT' },
    {
      token: me.token,
    },
  );
});
