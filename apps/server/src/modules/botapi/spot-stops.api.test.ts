import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { createBotKey, pointAtTestServer, signedBotCall, type BotKey } from '../../testing/bot-api-client.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';
import { STOP_ID_BASE } from './spot-stop-rest.ts';

/**
 * Stop-limit, stop-market and OCO through the Binance-compatible API: an unmodified ccxt client and signed
 * calls by hand, over the same stop service as the app (what the app shows is compared).
 */
const clock = new ManualClock(Date.UTC(2026, 10, 27, 1));
let bot: { id: number; token: string };
let maker: { id: number; token: string };
let taker: { id: number; token: string };
let key: BotKey;
let readOnly: BotKey;
let n = 0;
const cid = () => `bs-${++n}`;

function client(k: BotKey) {
  const ex = pointAtTestServer(
    new ccxt.binance({
      apiKey: k.apiKey,
      secret: k.secret,
      options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false },
    }),
    server,
    { public: '/api/v3', private: '/api/v3' },
  );
  // the server's clock is the test's
  ex.options.adjustForTimeDifference = false;
  (ex as unknown as { milliseconds: () => number }).milliseconds = () => clock.now();
  return ex;
}

const signed = (method: string, path: string, params: Record<string, string>, k: BotKey = key) =>
  signedBotCall(server, method, `/api/v3/${path}`, { ...params, timestamp: String(clock.now()) }, k);

const order = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token });
async function tradeAt(price: string, quantity: string, takerSide: 'buy' | 'sell' = 'buy') {
  const makerSide = takerSide === 'buy' ? 'sell' : 'buy';
  expect(
    (await order(maker.token, { symbol: 'LINKUSDT', side: makerSide, type: 'limit', price, quantity })).status,
  ).toBe(200);
  const hit = await order(taker.token, {
    symbol: 'LINKUSDT',
    side: takerSide,
    type: 'limit',
    price,
    quantity,
    timeInForce: 'IOC',
  });
  expect(hit.body.data.status, JSON.stringify(hit.body)).toBe('filled');
}
const appStops = async () =>
  (await server.api('/xb/v1/spot/stops/history', { page: 1, size: 20 }, { token: bot.token })).body.data.items;

const server = serverForSuite({ clock });
beforeAll(async () => {
  bot = await server.createUser();
  maker = await server.createUser();
  taker = await server.createUser();
  for (const u of [bot, maker, taker]) {
    await server.fund(u.id, 'USDT', 10_000_000_000n); // 10 000 USDT
    await server.fund(u.id, 'LINK', 100_000_000_000n); // 1 000 LINK
  }
  key = await createBotKey(server, bot.id, 'read,trade');
  readOnly = await createBotKey(server, bot.id, 'read');
  await tradeAt('10', '1');
}, 120_000);

describe('stop orders through the bot API', () => {
  it('ccxt places a stop-limit sell, sees it open with its trigger, and cancels it', async () => {
    const ex = client(key);
    await ex.loadMarkets();
    const placed = await ex.createOrder('LINK/USDT', 'limit', 'sell', 2, 8.9, { stopLossPrice: 9 });
    const id = String(placed.id);
    expect(Number(id)).toBeGreaterThan(STOP_ID_BASE);
    const open = await ex.fetchOpenOrders('LINK/USDT');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: placed.id, status: 'open', side: 'sell', price: 8.9, amount: 2 });
    expect(open[0]!.triggerPrice).toBe(9);
    expect((open[0]!.info as { type: string }).type).toBe('STOP_LOSS_LIMIT');
    // the app lists the same stop, frozen 2 LINK
    const [inApp] = await appStops();
    expect(inApp).toMatchObject({
      id: Number(placed.id) - STOP_ID_BASE,
      status: 'waiting',
      stopPrice: '9',
      frozen: '2',
    });

    const cancelled = await ex.cancelOrder(id, 'LINK/USDT');
    expect(cancelled).toMatchObject({ id, status: 'canceled' });
    expect(await ex.fetchOpenOrders('LINK/USDT')).toEqual([]);
    expect((await appStops())[0]).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    // cancelling again: Binance's unknown order
    const again = await signed('DELETE', 'order', { symbol: 'LINKUSDT', orderId: id });
    expect(again.body.code).toBe(-2011);
  });

  it('a stop-market buy (by quote amount) fires on the crossing trade; the order reads as its placed order', async () => {
    const stopBuy = {
      symbol: 'LINKUSDT',
      side: 'BUY',
      type: 'STOP_LOSS',
      stopPrice: '11',
      quoteOrderQty: '22',
      newClientOrderId: 'bot-stop-1',
    };
    const placed = await signed('POST', 'order', stopBuy);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.orderId as number;
    // a retry with the same client id is the same stop, not a second one
    const retry = await signed('POST', 'order', stopBuy);
    expect(retry.body.orderId).toBe(id);
    let got = await signed('GET', 'order', { symbol: 'LINKUSDT', origClientOrderId: 'bot-stop-1' });
    expect(got.body).toMatchObject({
      orderId: id,
      type: 'STOP_LOSS',
      status: 'NEW',
      stopPrice: '11',
      origQuoteOrderQty: '22',
      isWorking: false,
    });
    // asks at 11 and a trade there: the stop fires once and buys 22 USDT worth
    await order(maker.token, { symbol: 'LINKUSDT', side: 'sell', type: 'limit', price: '11', quantity: '5' });
    await tradeAt('11', '1');
    got = await signed('GET', 'order', { symbol: 'LINKUSDT', orderId: String(id) });
    expect(got.body).toMatchObject({ orderId: id, type: 'STOP_LOSS', status: 'FILLED', executedQty: '2' });
    expect(got.body.cummulativeQuoteQty).toBe('22');
    expect((await appStops()).filter((s: { status: string }) => s.status === 'triggered')).toHaveLength(1);
  });

  it('an OCO sell: one order list, both legs open; the limit leg trading cancels the stop', async () => {
    const placed = await signed('POST', 'order/oco', {
      symbol: 'LINKUSDT',
      side: 'SELL',
      quantity: '3',
      price: '12',
      stopPrice: '10',
      stopLimitPrice: '9.9',
      stopLimitTimeInForce: 'GTC',
      listClientOrderId: 'bot-oco-1',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ contingencyType: 'OCO', listOrderStatus: 'EXECUTING', symbol: 'LINKUSDT' });
    expect(placed.body.orderReports.map((r: { type: string }) => r.type).sort()).toEqual([
      'LIMIT_MAKER',
      'STOP_LOSS_LIMIT',
    ]);
    const lists = await signed('GET', 'openOrderList', {});
    expect(lists.body.map((l: { orderListId: number }) => l.orderListId)).toEqual([placed.body.orderListId]);
    // someone buys up to 12 (the asks left at 11 first): the limit leg fills, the stop is cancelled with it
    const buy = await order(taker.token, {
      symbol: 'LINKUSDT',
      side: 'buy',
      type: 'limit',
      price: '12',
      quantity: '6',
      timeInForce: 'IOC',
    });
    expect(buy.body.data.status, JSON.stringify(buy.body)).toBe('filled');
    const after = await signed('GET', 'orderList', {
      symbol: 'LINKUSDT',
      orderListId: String(placed.body.orderListId),
    });
    expect(after.body.listOrderStatus).toBe('ALL_DONE');
    expect((await signed('GET', 'openOrderList', {})).body).toEqual([]);
    expect((await appStops())[0]).toMatchObject({ status: 'cancelled', cancelReason: 'oco-filled' });
  });

  it('refuses what does not fit, with Binance codes, and a read-only key cannot place', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [
        { side: 'SELL', type: 'TAKE_PROFIT_LIMIT', stopPrice: '12', price: '12', quantity: '1', timeInForce: 'GTC' },
        -1116,
      ],
      [{ side: 'SELL', type: 'STOP_LOSS_LIMIT', price: '9', quantity: '1', timeInForce: 'GTC' }, -1102],
      [{ side: 'BUY', type: 'STOP_LOSS', stopPrice: '20', quantity: '1' }, -1013],
      // a sell stop above the last price would fire at once
      [{ side: 'SELL', type: 'STOP_LOSS', stopPrice: '50', quantity: '1' }, -2010],
    ];
    for (const [params, code] of cases) {
      const r = await signed('POST', 'order', { symbol: 'LINKUSDT', ...params });
      expect(r.body.code, JSON.stringify([params, r.body])).toBe(code);
    }
    const ro = await signed(
      'POST',
      'order',
      { symbol: 'LINKUSDT', side: 'SELL', type: 'STOP_LOSS', stopPrice: '5', quantity: '1' },
      readOnly,
    );
    expect(ro.status).toBe(401);
    expect(ro.body.code).toBe(-2015);
    expect((await signed('GET', 'openOrders', { symbol: 'LINKUSDT' })).body).toEqual([]);
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });
});
