import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, registerByApi, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Futures end to end: a new user is funded (operator's simulated deposit), transfers USDT to the
 * futures wallet, opens a 10× isolated long at market against the futures market maker, sees the cost and
 * the estimated liquidation price before confirming, sets TP/SL on /stopPl (the spec §5 messages first),
 * then raises the BTC index past the take-profit through the development price control (DEV_PRICE_CONTROL,
 * on for the e2e server) and waits for the take-profit to close the position. The closed-position record
 * (reason, closed price), the contract record screen and the assets page then agree with the futures account.
 * Set FUTURES_SHOTS=<dir> to also save 390×844 screenshots there.
 */

const SHOTS = process.env.FUTURES_SHOTS;
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const plain = (s: string) => s.replace(/[,≈\s]|USDT/g, '');

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
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

interface ClosedPosition {
  status: string;
  closeReason: string | null;
  closedPrice: string | null;
  closedQuantity: string;
  realizedPnl: string;
  fee: string;
  positionInterest: string;
}

interface Position {
  symbol: string;
  openPrice: string;
  estimatedLiquidationPrice: string | null;
  takeProfitPrice: string | null;
  stopLossPrice: string | null;
  quantity: string;
}

test('fund → transfer → 10× long with cost and liquidation shown → TP/SL → index past the TP → TP closes → records agree', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const contracts = () => api<Array<{ symbol: string; markPrice: string | null }>>(request, '/xb/v1/futures/contracts');
  const { token } = await registerByApi(request);
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token });
  await admin(request, '/admin/chain/deposit', {
    user: me.id,
    currency: 'USDT',
    chain: 'TRC20',
    amount: '1000',
    confirmations: 3,
  });
  await api(
    request,
    '/xb/v1/wallet/transfer',
    { requestId: `e2e-fut-${me.id}`, currency: 'USDT', from: 'spot', to: 'futures', amount: '500' },
    { token },
  );
  // the futures market maker quotes around the mark once the feed has a price
  await expect
    .poll(
      async () =>
        (await api<Array<{ symbol: string; markPrice: string | null }>>(request, '/xb/v1/futures/contracts')).find(
          (c) => c.symbol === 'BTCUSDT',
        )?.markPrice ?? null,
      {
        message: 'a BTCUSDT mark price',
        timeout: 30_000,
      },
    )
    .not.toBeNull();

  await useToken(page, token);
  await page.goto('/trade');
  await page.getByTestId('trade-mode-futures').click();
  await expect(page).toHaveURL(/mode=futures/);
  await expect(page.getByTestId('mark-price')).not.toHaveText('--');
  await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(page.getByTestId('futures-available')).toHaveText('500 USDT');

  // isolated, 10×, market, 0.002 BTC
  await page.getByTestId('margin-mode').getByText('Isolated').click();
  await page.getByTestId('leverage-10').click();
  await expect(page.getByTestId('leverage-value')).toHaveText('10×');
  await expect
    .poll(async () =>
      (
        await api<{ settings: Array<{ symbol: string; leverage: number; marginMode: string }> }>(
          request,
          '/xb/v1/futures/account',
          {},
          { token },
        )
      ).settings.find((s) => s.symbol === 'BTCUSDT'),
    )
    .toMatchObject({ leverage: 10, marginMode: 'isolated' });
  await page.getByTestId('futures-order-type').getByText('Market').click();
  await input(page, 'futures-quantity').fill('0.002');
  // cost and estimated liquidation price before anything is sent
  await expect(page.getByTestId('futures-cost')).toHaveText(/^≈ \d+(\.\d+)? USDT$/);
  await expect(page.getByTestId('futures-liquidation')).toHaveText(/^≈ [\d,]+(\.\d+)?$/);
  const previewLiq = Number(plain(await page.getByTestId('futures-liquidation').innerText()));
  const previewMargin = Number(plain(await page.getByTestId('futures-margin').innerText()));
  const mark = Number(plain(await page.getByTestId('mark-price').innerText()));
  // 10× isolated long, tier 1 (MMR 0.4 %): LP ≈ mark × (1 − 1/10) / (1 − 0.004)
  expect(Math.abs(previewLiq - (mark * 0.9) / 0.996) / previewLiq).toBeLessThan(0.002);
  expect(Math.abs(previewMargin - (mark * 0.002) / 10) / previewMargin).toBeLessThan(0.002);
  await shot(page, 'futures-ticket-en');

  await page.getByTestId('futures-submit').click();
  await expect(page.getByTestId('order-confirm')).toBeVisible();
  await expect(page.getByTestId('confirm-liquidation')).toHaveText(/^≈ [\d,]+(\.\d+)?$/);
  await shot(page, 'futures-confirm-en');
  await page.getByRole('button', { name: 'Confirm' }).click();

  // the position, with the server's estimated liquidation price close to what was previewed
  const card = page.getByTestId('position');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('position-direction')).toHaveText('Long');
  await expect(card.getByTestId('position-quantity')).toHaveText('0.002');
  const positions = await api<Position[]>(request, '/xb/v1/futures/positions', {}, { token });
  const pos = positions.find((p) => p.symbol === 'BTCUSDT')!;
  expect(pos.estimatedLiquidationPrice).not.toBeNull();
  const serverLiq = Number(pos.estimatedLiquidationPrice);
  expect(Math.abs(serverLiq - previewLiq) / serverLiq).toBeLessThan(0.005);
  await expect(card.getByTestId('position-liquidation')).not.toHaveText('--');
  await shot(page, 'futures-position-en');

  // TP/SL: the spec §5 messages, the liquidation warning, then a valid pair
  await card.getByTestId('set-tpsl').click();
  await expect(page).toHaveURL(/\/stopPl\?symbol=BTCUSDT$/);
  const open = Number(pos.openPrice);
  const liq = serverLiq;
  const tick = (x: number) => x.toFixed(1);
  await input(page, 'sl-input').fill(tick(open * 1.02));
  await expect(page.getByTestId('sl-error')).toHaveText(
    'For a long, the stop-loss price cannot be higher than the open price',
  );
  await input(page, 'tp-input').fill(tick(open * 0.98));
  await expect(page.getByTestId('tp-error')).toHaveText(
    'For a long, the take-profit price cannot be lower than the open price',
  );
  await expect(page.getByTestId('stop-pl-save')).toBeDisabled();
  await input(page, 'sl-input').fill(tick(liq * 0.99));
  await expect(page.getByTestId('sl-warning')).toContainText('beyond the estimated liquidation price');
  const tp = tick(open * 1.05);
  const sl = tick(open * 0.95);
  await input(page, 'tp-input').fill(tp);
  await input(page, 'sl-input').fill(sl);
  await expect(page.getByTestId('tp-error')).toHaveCount(0);
  await expect(page.getByTestId('sl-error')).toHaveCount(0);
  await expect(page.getByTestId('sl-warning')).toHaveCount(0);
  await shot(page, 'futures-stoppl-en');
  await page.getByTestId('stop-pl-save').click();
  await expect(page).toHaveURL(/\/trade\?mode=futures/);
  const saved = (await api<Position[]>(request, '/xb/v1/futures/positions', {}, { token })).find(
    (p) => p.symbol === 'BTCUSDT',
  )!;
  expect(Number(saved.takeProfitPrice)).toBe(Number(tp));
  expect(Number(saved.stopLossPrice)).toBe(Number(sl));
  await expect(page.getByTestId('position').getByTestId('position-tp')).not.toHaveText('--');

  // the take-profit: the dev price control (DEV_PRICE_CONTROL, simulated feed only) raises the BTC index 3 %
  // above it; the mark (index + smoothed basis, held within 0.5 % of the index) follows within a tick or two
  // and the take-profit closes the whole position at market
  const btcIndex = async () =>
    (await api<{ prices: Array<{ price: string }> }>(request, '/xb/v1/market/index', { instrument: 'BTCUSDT' }))
      .prices[0]!.price;
  const indexBefore = await btcIndex();
  const target = (Number(tp) * 1.03).toFixed(2);
  const set = await api<{ price: string }>(request, '/dev/price/set', { instrument: 'BTCUSDT', price: target });
  expect(Number(set.price)).toBe(Number(target));
  await expect
    .poll(async () => Number((await contracts()).find((c) => c.symbol === 'BTCUSDT')?.markPrice ?? 0), {
      message: 'the BTCUSDT mark price passes the take-profit',
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(Number(tp));
  await expect
    .poll(async () => (await api<Position[]>(request, '/xb/v1/futures/positions', {}, { token })).length, {
      message: 'the take-profit closes the position',
      timeout: 30_000,
    })
    .toBe(0);
  const closedPage = await api<{ items: ClosedPosition[] }>(
    request,
    '/xb/v1/futures/positions/closed',
    { symbol: 'BTCUSDT' },
    { token },
  );
  expect(closedPage.items).toHaveLength(1);
  const record = closedPage.items[0]!;
  expect(record).toMatchObject({ status: 'closed', closeReason: 'take_profit', closedQuantity: '0.002' });
  expect(Number(record.closedPrice)).toBeGreaterThan(open);
  expect(Number(record.realizedPnl)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('position')).toHaveCount(0);

  // the contract record: the closed position (by the take-profit, at its closed price), the orders
  await page.getByTestId('contract-record-link').click();
  await expect(page).toHaveURL(/\/contractRecord\/1/);
  await page.getByRole('tab', { name: 'Closed positions' }).click();
  const closed = page.getByTestId('closed-position');
  await expect(closed).toHaveCount(1);
  await expect(closed.getByTestId('position-close-reason')).toHaveText('Stop-profit');
  const shownClosed = Number(plain(await closed.getByTestId('position-closed-price').innerText()));
  expect(Math.abs(shownClosed - Number(record.closedPrice))).toBeLessThan(0.01);
  await shot(page, 'futures-record-en');
  // the history: the opening buy and the take-profit's reduce-only market sell that filled; a take-profit
  // order that met a book not yet re-quoted at the new mark ends cancelled unfilled and the next tick tries again
  const history = (
    await api<{
      items: Array<{
        side: string;
        source: string;
        status: string;
        filledQuantity: string;
        cancelReason: string | null;
      }>;
    }>(request, '/xb/v1/futures/orders/history', { symbol: 'BTCUSDT' }, { token })
  ).items;
  const tpOrders = history.filter((o) => o.source === 'take_profit');
  expect(tpOrders.filter((o) => o.status === 'filled')).toHaveLength(1);
  for (const o of tpOrders) {
    expect(o.side).toBe('sell');
    if (o.status !== 'filled') expect(o, JSON.stringify(o)).toMatchObject({ status: 'cancelled', filledQuantity: '0' });
  }
  expect(history.filter((o) => o.source !== 'take_profit')).toHaveLength(1);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('futures-order')).toHaveCount(history.length);
  await expect(page.getByTestId('futures-order').filter({ hasText: 'Stop-profit' })).toHaveCount(tpOrders.length);

  // the assets page's futures wallet equals the futures account, and the realized result is in it
  const account = await api<{ available: string; frozen: string; positionMargin: string }>(
    request,
    '/xb/v1/futures/account',
    {},
    { token },
  );
  expect(account.positionMargin).toBe('0');
  expect(account.frozen).toBe('0');
  await page.goto('/property');
  await page.getByTestId('wallet-tab-futures').click();
  const shown = plain(await page.getByTestId('wallet-futures').getByTestId('available-USDT').innerText());
  expect(Number(shown)).toBe(Number(account.available));
  // 500 + the realized result − the open and close fees + funding, all in the wallet again
  expect(Number(account.available)).toBeCloseTo(
    500 + Number(record.realizedPnl) - Number(record.fee) + Number(record.positionInterest),
    6,
  );
  expect(Number(record.fee)).toBeGreaterThan(0);
  expect(Number(account.available)).toBeGreaterThan(500);

  // leave the index where the walk was, for whatever runs next on this server
  await api(request, '/dev/price/set', { instrument: 'BTCUSDT', price: indexBefore });
});

test('the futures list on /market and the trade screen in German', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('LANG', 'de'));
  await page.goto('/market?tab=futures');
  const row = page.getByTestId('futures-row-BTCUSDT');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('futures-row-mark')).not.toHaveText('--', { timeout: 30_000 });
  await expect(row.getByTestId('futures-row-funding')).toHaveText(/%$/);
  await shot(page, 'futures-market-de');
  await row.click();
  await expect(page).toHaveURL(/\/trade\?mode=futures&symbol=BTCUSDT/);
  await expect(page.getByTestId('futures-login')).toHaveText('Zum Handeln anmelden');
  await expect(page.getByText('Funding-Rate')).toBeVisible();
  await shot(page, 'futures-trade-de');
});
