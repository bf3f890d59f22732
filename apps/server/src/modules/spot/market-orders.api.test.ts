import { service } from '../../platform/context.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { feeOf, parseRate, parseUnits } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { currencyOf } from '../market/currencies.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

/**
 * Market orders: the price protection band (default 5 % from the best opposite price at placement), the
 * minimum notional of a market order by quantity (estimated at the best price) and the empty book.
 * Expected amounts are computed here from the published rates, not with the server's code.
 */

const TAKER = parseRate('0.001');
const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
let n = 0;
const cid = () => `mo-${++n}`;

const units = (currency: string, text: string) => parseUnits(text, currencyOf(currency)!.scale);
const fund = (userId: number, currency: string, amount: string) =>
  server.fund(userId, currency, units(currency, amount));
const bal = (userId: number, currency: string) =>
  service(server.built.ctx, 'ledger').balance({ userId, currency, wallet: 'spot' });
const place = (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token, ...(locale ? { locale } : {}) });
/** The buyer's USDT after a taker buy that spent `spent` of `start` (the fee on top), nothing left frozen. */
async function expectTakerSpent(userId: number, start: string, spent: string) {
  const cost = units('USDT', spent);
  expect(await bal(userId, 'USDT')).toEqual({
    available: units('USDT', start) - cost - feeOf(cost, TAKER),
    frozen: 0n,
  });
}
async function ok(token: string, body: Record<string, unknown>) {
  const res = await place(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function user(usdt: string, base?: [string, string]) {
  const u = await server.createUser();
  if (usdt !== '0') await fund(u.id, 'USDT', usdt);
  if (base) await fund(u.id, base[0], base[1]);
  return u;
}

const server = serverForSuite({ clock });
// registered after the server's own afterAll, so it runs before the server closes
afterAll(async () => {
  expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
});

describe('market order price protection', () => {
  it('a market sell stops 5 % below the best bid; the rest is cancelled and released', async () => {
    const maker = await user('10000');
    for (const price of ['100', '96', '94'])
      await ok(maker.token, { symbol: 'SOLUSDT', side: 'buy', type: 'limit', price, quantity: '1' });
    const seller = await user('0', ['SOL', '3']);
    const order = await ok(seller.token, { symbol: 'SOLUSDT', side: 'sell', type: 'market', quantity: '3' });
    // band: 100 × 0.95 = 95 → the levels at 100 and 96 trade, 94 does not
    expect(order).toMatchObject({ status: 'cancelled', filledQuantity: '2', unfilledQuantity: '1', turnover: '196' });
    expect(await bal(seller.id, 'SOL')).toEqual({ available: units('SOL', '1'), frozen: 0n });
    const proceeds = units('USDT', '196');
    expect(await bal(seller.id, 'USDT')).toEqual({ available: proceeds - feeOf(proceeds, TAKER), frozen: 0n });
    const depth = (await server.api('/xb/v1/spot/depth', { symbol: 'SOLUSDT', limit: 10 })).body.data;
    expect(depth.bids).toEqual([['94', '1']]);
  });

  it('a market buy by quantity stops 5 % above the best ask and freezes only what it can spend', async () => {
    const maker = await user('0', ['LTC', '10']);
    for (const price of ['100', '104', '106'])
      await ok(maker.token, { symbol: 'LTCUSDT', side: 'sell', type: 'limit', price, quantity: '1' });
    const buyer = await user('1000');
    const order = await ok(buyer.token, { symbol: 'LTCUSDT', side: 'buy', type: 'market', quantity: '3' });
    expect(order).toMatchObject({ status: 'cancelled', filledQuantity: '2', turnover: '204' });
    await expectTakerSpent(buyer.id, '1000', '204');
    expect(await bal(buyer.id, 'LTC')).toEqual({ available: units('LTC', '2'), frozen: 0n });
  });

  it('a market buy by quote amount is held by the same band', async () => {
    const maker = await user('0', ['AVAX', '10']);
    for (const price of ['20', '21.5'])
      await ok(maker.token, { symbol: 'AVAXUSDT', side: 'sell', type: 'limit', price, quantity: '1' });
    const buyer = await user('1000');
    // 21.5 is 7.5 % above 20: out of the band, so only 20 USDT of the 50 are spent
    const order = await ok(buyer.token, { symbol: 'AVAXUSDT', side: 'buy', type: 'market', quoteAmount: '50' });
    expect(order).toMatchObject({ status: 'cancelled', filledQuantity: '1', turnover: '20' });
    await expectTakerSpent(buyer.id, '1000', '20');
  });
});

describe('a market buy by amount that spent its amount', () => {
  it('is filled when the rest cannot buy one more lot (the dust is released)', async () => {
    const maker = await user('0', ['AVAX', '10']);
    await ok(maker.token, { symbol: 'AVAXUSDT', side: 'sell', type: 'limit', price: '19', quantity: '10' });
    const buyer = await user('1000');
    // one lot (0.0001 AVAX) costs 0.0019 USDT at 19: 50.001 buys 2.6316 AVAX for 50.0004, 0.0006 is left
    const order = await ok(buyer.token, { symbol: 'AVAXUSDT', side: 'buy', type: 'market', quoteAmount: '50.001' });
    expect(order).toMatchObject({
      status: 'filled',
      cancelReason: null,
      filledQuantity: '2.6316',
      turnover: '50.0004',
    });
    const spent = units('USDT', '50.0004');
    expect(await bal(buyer.id, 'USDT')).toEqual({
      available: units('USDT', '1000') - spent - feeOf(spent, TAKER),
      frozen: 0n,
    });
    // the stored order says the same
    const detail = await server.api('/xb/v1/spot/order/detail', { id: order.id }, { token: buyer.token });
    expect(detail.body.data.order ?? detail.body.data).toMatchObject({ status: 'filled', cancelReason: null });
  });
});

describe('market order minimum notional and an empty book', () => {
  it('a market order by quantity worth less than the minimum at the best price is refused before freezing', async () => {
    const maker = await user('1000', ['LINK', '10']);
    await ok(maker.token, { symbol: 'LINKUSDT', side: 'buy', type: 'limit', price: '20', quantity: '1' });
    await ok(maker.token, { symbol: 'LINKUSDT', side: 'sell', type: 'limit', price: '21', quantity: '1' });
    const taker = await user('1000', ['LINK', '1']);
    // 0.24 × 20 = 4.8 < 5 (sell at the best bid); 0.238 × 21 = 4.998 < 5 (buy at the best ask)
    for (const body of [
      { side: 'sell', quantity: '0.24' },
      { side: 'buy', quantity: '0.238' },
    ]) {
      const res = await place(taker.token, { symbol: 'LINKUSDT', type: 'market', ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'MIN_NOTIONAL',
        field: 'quantity',
        message: 'The order value must be at least 5 USDT',
      });
    }
    // exactly the minimum passes: 0.25 × 20 = 5
    expect((await ok(taker.token, { symbol: 'LINKUSDT', side: 'sell', type: 'market', quantity: '0.25' })).status).toBe(
      'filled',
    );
    expect(await bal(taker.id, 'USDT')).toMatchObject({ frozen: 0n });
    expect(await bal(taker.id, 'LINK')).toEqual({ available: units('LINK', '0.75'), frozen: 0n });
  });

  it('a market order on an empty side is refused with a clear message and changes nothing', async () => {
    const u = await user('1000', ['DOT', '10']);
    const buy = await place(u.token, { symbol: 'DOTUSDT', side: 'buy', type: 'market', quoteAmount: '10' });
    expect(buy.status).toBe(400);
    expect(buy.body).toMatchObject({
      error: 'NO_LIQUIDITY',
      message: 'There are no orders to trade against in this market right now',
    });
    const sell = await place(u.token, { symbol: 'DOTUSDT', side: 'sell', type: 'market', quantity: '1' }, 'de');
    expect(sell.body).toMatchObject({
      error: 'NO_LIQUIDITY',
      message: 'In diesem Markt gibt es gerade keine Orders, gegen die gehandelt werden kann',
    });
    expect(await bal(u.id, 'USDT')).toEqual({ available: units('USDT', '1000'), frozen: 0n });
    expect(await bal(u.id, 'DOT')).toEqual({ available: units('DOT', '10'), frozen: 0n });
    const history = await server.api('/xb/v1/spot/orders/history', { page: 1, size: 10 }, { token: u.token });
    expect(history.body.data.total).toBe(0);
  });
});
