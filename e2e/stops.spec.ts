import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, registerByApi, useLanguage, useToken } from './support/helpers.ts';
import { operatorToken } from './support/operator.ts';

/**
 * Stop orders end to end, on AVAX/USDT (which the demo taker leaves alone and the market maker quotes two levels
 * deep in this suite, see playwright.config.ts): a new user places a stop-limit buy and a sell OCO from the ticket,
 * each confirmed from its summary in words; both wait in the open orders, the OCO as one item. Another user's trade
 * through the API lifts the last price to the stop: the list shows it triggered (told by the `/ws` stops channel,
 * nothing polls) and its order in the records. The OCO pair is then revoked from the list. The stop-limit is placed
 * in English, the user then switches to German: the OCO, the trigger and the revocation happen in German.
 * No index price is moved.
 */

const SYMBOL = 'AVAXUSDT';

async function deposit(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const me = await api<{ id: number }>(request, '/xb/v1/account/info', {}, { token });
  const res = await request.post('/api/admin/chain/deposit', {
    data: { user: me.id, currency: 'USDT', chain: 'TRC20', amount, confirmations: 3 },
    headers: { authorization: await operatorToken(request), locale: 'en_us' },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

// AVAX prices have two decimals and quantities four: exact arithmetic on integers of those units, no floats
const cents = (price: string): bigint => {
  const [i = '0', f = ''] = price.split('.');
  return BigInt(i) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2));
};
const price = (c: bigint): string => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
/** How the app shows a price (spec §9: 4 decimals below 10, 3 below 100, else 2). */
const shown = (c: bigint): string => {
  const [i, f] = price(c).split('.') as [string, string];
  return `${i}.${f.padEnd(c < 1000n ? 4 : c < 10_000n ? 3 : 2, '0')}`;
};
const lots = (qty: string): bigint => {
  const [i = '0', f = ''] = qty.split('.');
  return BigInt(i) * 10_000n + BigInt(f.padEnd(4, '0').slice(0, 4));
};
const qty = (l: bigint): string => `${l / 10_000n}.${String(l % 10_000n).padStart(4, '0')}`;
/** The quantity worth at least `usdt` at `c` cents. */
const worth = (usdt: bigint, c: bigint): bigint => (usdt * 1_000_000n + c - 1n) / c;

let n = 0;
const cid = () => `e2e-stop-${Date.now()}-${++n}`;

test('a user places a stop-limit (English) and an OCO (German) from the ticket; another user’s trade fires the stop', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const [user, seller, buyer] = [
    await registerByApi(request),
    await registerByApi(request),
    await registerByApi(request),
  ];
  await deposit(request, user.token, '1000');
  await deposit(request, seller.token, '1000');
  await deposit(request, buyer.token, '2000');
  await expect
    .poll(async () => (await api<{ asks: unknown[] }>(request, '/xb/v1/spot/depth', { symbol: SYMBOL })).asks.length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);

  // the market's first trades (nobody else trades AVAX here): the seller and the user buy a little from the market maker
  const asks = async () =>
    expect
      .poll(
        async () => (await api<{ asks: unknown[] }>(request, '/xb/v1/spot/depth', { symbol: SYMBOL })).asks.length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
  const buy = { symbol: SYMBOL, side: 'buy', type: 'market' };
  await api(
    request,
    '/xb/v1/spot/order/place',
    { ...buy, clientOrderId: cid(), quoteAmount: '10' },
    { token: seller.token },
  );
  await asks();
  const mine = await api<{ filledQuantity: string }>(
    request,
    '/xb/v1/spot/order/place',
    { ...buy, clientOrderId: cid(), quoteAmount: '30' },
    { token: user.token },
  );
  const [ticker] = await api<Array<{ last: string }>>(request, '/xb/v1/spot/tickers', { symbol: SYMBOL });
  const last = cents(ticker!.last);
  const stop = (last * 102n) / 100n + 1n;
  const limit = (stop * 101n) / 100n;
  const stopQty = worth(20n, limit);
  const ocoLimit = (last * 110n) / 100n;
  const ocoStop = (last * 97n) / 100n;
  const ocoQty = lots(mine.filledQuantity) / 2n;

  await useToken(page, user.token);
  await page.goto(`/trade?symbol=${SYMBOL}`);
  await expect(page.getByTestId('ticket-available')).toHaveText(/USDT$/);
  // the ticket starts its price at the last trade once that is known: type after it did
  await expect(page.getByTestId('ticket-price').locator('input')).not.toHaveValue('');

  // a stop-limit buy: the trigger above the last price, a limit a little above it
  await page.getByTestId('ticket-type').getByText('Stop-limit', { exact: true }).click();
  await page.getByTestId('ticket-stop-price').locator('input').fill(price(stop));
  await page.getByTestId('ticket-price').locator('input').fill(price(limit));
  await page.getByTestId('ticket-amount').locator('input').fill(qty(stopQty));
  await expect(page.getByTestId('ticket-errors')).toHaveCount(0);
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('stop-confirm')).toContainText(
    `When the last price rises to ${shown(stop)}: limit buy ${qty(stopQty)} AVAX at ${shown(limit)}.`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(page.getByText('Stop order placed: waiting for its trigger price')).toBeVisible();
  const stopItem = page.locator(`[data-testid="stop-order"][data-state]`).first();
  await expect(stopItem.getByTestId('stop-state')).toHaveText('Waiting');
  await expect(stopItem.getByTestId('stop-trigger')).toHaveText(shown(stop));

  // the second language: the same screen in German from here on
  await useLanguage(page, 'de');
  await page.reload();
  await expect(page.getByTestId('ticket-price').locator('input')).not.toHaveValue('');
  await expect(stopItem.getByTestId('stop-state')).toHaveText('Wartet');

  // a sell OCO: a limit 10 % above, a stop-market 3 % below; one item, its limit leg inside
  await page.getByTestId('ticket-sell').click();
  await page.getByTestId('ticket-type').getByText('OCO', { exact: true }).click();
  await page.getByTestId('ticket-stop-price').locator('input').fill(price(ocoStop));
  await page.getByTestId('ticket-price').locator('input').fill(price(ocoLimit));
  await page.getByTestId('ticket-amount').locator('input').fill(qty(ocoQty));
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('stop-confirm')).toContainText(
    'Was zuerst ausgeführt oder ausgelöst wird, storniert das andere.',
  );
  await expect(page.getByTestId('stop-confirm')).toContainText(
    `Wenn der letzte Preis auf ${shown(ocoStop)} fällt: Market-Verkauf ${qty(ocoQty)} AVAX.`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Order aufgeben', exact: true }).click();
  await expect(page.getByTestId('stop-order')).toHaveCount(2);
  const ocoItem = page.getByTestId('stop-order').filter({ has: page.getByTestId('oco-leg') });
  await expect(ocoItem.getByTestId('oco-leg')).toContainText(shown(ocoLimit));
  await expect(ocoItem.getByTestId('stop-state')).toHaveText('Wartet');
  // the OCO's limit leg is not listed a second time as a plain order
  await expect(page.getByTestId('open-order')).toHaveCount(0);
  const buyStop = page.getByTestId('stop-order').filter({ hasNot: page.getByTestId('oco-leg') });

  // another user lifts the price: the seller offers at the stop price, the buyer takes every ask up to it
  const sellerQty = worth(6n, stop);
  await api(
    request,
    '/xb/v1/spot/order/place',
    { symbol: SYMBOL, side: 'sell', type: 'limit', price: price(stop), quantity: qty(sellerQty), clientOrderId: cid() },
    { token: seller.token },
  );
  const depth = await api<{ asks: Array<[string, string]> }>(request, '/xb/v1/spot/depth', { symbol: SYMBOL });
  const upTo = depth.asks.filter(([p]) => cents(p) <= stop).reduce((sum, [, q]) => sum + lots(q), 0n);
  const lifted = await api<{ status: string; averagePrice: string }>(
    request,
    '/xb/v1/spot/order/place',
    {
      symbol: SYMBOL,
      side: 'buy',
      type: 'limit',
      price: price(stop),
      quantity: qty(upTo),
      timeInForce: 'IOC',
      clientOrderId: cid(),
    },
    { token: buyer.token },
  );
  expect(lifted.status).toBe('filled');

  // the list shows the stop triggered and the order it placed; the OCO still waits below
  await expect(buyStop.getByTestId('stop-state')).toHaveText('Ausgelöst', { timeout: 15_000 });
  await expect(buyStop.getByTestId('stop-placed-order')).toBeVisible();
  await expect(ocoItem.getByTestId('stop-state')).toHaveText('Wartet');
  const history = await api<{ items: Array<{ status: string; orderId: number | null }> }>(
    request,
    '/xb/v1/spot/stops/history',
    { symbol: SYMBOL, page: 1, size: 10 },
    { token: user.token },
  );
  expect(history.items.map((s) => s.status).sort()).toEqual(['triggered', 'waiting']);

  // revoking the OCO takes both legs
  await ocoItem.getByTestId('revoke-stop').click();
  await expect(page.getByText(/Beide Orders dieses OCO-Paars zurückziehen\?/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Stornieren', exact: true }).click();
  await expect(ocoItem.getByTestId('stop-state')).toHaveText('Storniert');
  const open = await api<unknown[]>(request, '/xb/v1/spot/stops/open', { symbol: SYMBOL }, { token: user.token });
  expect(open).toEqual([]);

  // the order the stop placed is in the records, marked as coming from a stop
  await page.getByTestId('all-records').click();
  await expect(page.getByTestId('order-from-stop')).toHaveCount(1);
});
