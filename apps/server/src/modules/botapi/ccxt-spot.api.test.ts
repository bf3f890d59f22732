import { service } from '../../platform/context.ts';
import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForSuite } from '../../testing/test-server.ts';
import { createBotKey, pointAtTestServer, signedBotCall, type BotKey } from '../../testing/bot-api-client.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

/**
 * An unmodified ccxt `binance` client, only its URLs pointed at the test server, trades a session;
 * its view of balances, orders and trades is compared with the app's API and the ledger.
 */
let bot: { id: number; token: string };
let maker: { id: number; token: string };
let key: BotKey;
let readOnly: BotKey;

/**
 * A client configured as a user would, with no calls to endpoints we do not serve: spot only, no futures market
 * lists, no margin pairs, no currency list from /sapi (documented in the bot API page).
 */
const client = (k: BotKey, options: Record<string, unknown> = {}) =>
  pointAtTestServer(
    new ccxt.binance({
      apiKey: k.apiKey,
      secret: k.secret,
      options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false, ...options },
    }),
    server,
    { public: '/api/v3', private: '/api/v3' },
  );

const signed = (method: string, path: string, params: Record<string, string>, k: BotKey = key) =>
  signedBotCall(server, method, `/api/v3/${path}`, params, k);

const server = serverForSuite();
beforeAll(async () => {
  bot = await server.createUser();
  maker = await server.createUser();
  await server.fund(bot.id, 'USDT', 10_000_000_000n); // 10 000 USDT
  await server.fund(maker.id, 'USDT', 10_000_000_000n);
  await server.fund(maker.id, 'BTC', 100_000_000n); // 1 BTC
  // the counterparty's book, placed through the app's own API (one engine, one book)
  for (const [side, price, cid] of [
    ['sell', '50000', 'm-ask'],
    ['buy', '49000', 'm-bid'],
  ] as const) {
    const r = await server.api(
      '/xb/v1/spot/order/place',
      { clientOrderId: cid, symbol: 'BTCUSDT', side, type: 'limit', price, quantity: '0.01' },
      { token: maker.token },
    );
    expect(r.status).toBe(200);
  }
  key = await createBotKey(server, bot.id, 'read,trade');
  readOnly = await createBotKey(server, bot.id, 'read');
}, 120_000);

describe('ccxt binance against the bot API', () => {
  it('trades a session and sees what the app and the ledger see', async () => {
    const ex = client(key);
    const markets = await ex.loadMarkets();
    const btc = markets['BTC/USDT']!;
    expect(btc).toMatchObject({ spot: true, base: 'BTC', quote: 'USDT', active: true });
    expect(btc.precision).toMatchObject({ price: 0.1, amount: 0.00001 });
    expect(btc.limits.cost?.min).toBe(5);

    const ticker = await ex.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ bid: 49000, ask: 50000 });

    const book = await ex.fetchOrderBook('BTC/USDT');
    expect(book.bids[0]).toEqual([49000, 0.01]);
    expect(book.asks[0]).toEqual([50000, 0.01]);

    const before = await ex.fetchBalance();
    expect(before.USDT).toMatchObject({ free: 10000, used: 0, total: 10000 });

    const limit = await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 45000);
    expect(limit).toMatchObject({ status: 'open', price: 45000, amount: 0.001, filled: 0 });
    const frozen = await ex.fetchBalance();
    // a buy freezes its cost and the highest fee it could pay (taker 0.1 %)
    expect(frozen.USDT).toMatchObject({ free: 9954.955, used: 45.045 });

    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toEqual([limit.id]);

    const cancelled = await ex.cancelOrder(limit.id!, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect(await ex.fetchOpenOrders('BTC/USDT')).toEqual([]);

    const market = await ex.createMarketOrder('BTC/USDT', 'buy', 0.002);
    expect(market).toMatchObject({ status: 'closed', filled: 0.002, cost: 100, average: 50000 });

    const trades = await ex.fetchMyTrades('BTC/USDT');
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      order: market.id,
      side: 'buy',
      price: 50000,
      amount: 0.002,
      cost: 100,
      takerOrMaker: 'taker',
    });
    expect(trades[0]!.fee).toMatchObject({ cost: 0.1, currency: 'USDT' });

    const candles = await ex.fetchOHLCV('BTC/USDT', '1m');
    expect(candles.at(-1)).toMatchObject([expect.any(Number), 50000, 50000, 50000, 50000, 0.002]);

    // ccxt's view = the ledger = the app's API
    const after = await ex.fetchBalance();
    const ledger = service(server.built.ctx, 'ledger');
    const usdt = await ledger.balance({ userId: bot.id, currency: 'USDT', wallet: 'spot' });
    const btcBal = await ledger.balance({ userId: bot.id, currency: 'BTC', wallet: 'spot' });
    expect(usdt).toEqual({ available: 9_899_900_000n, frozen: 0n }); // 10 000 − 100 − 0.1 fee
    expect(btcBal).toEqual({ available: 200_000n, frozen: 0n });
    expect(after.USDT).toMatchObject({ free: 9899.9, used: 0 });
    expect(after.BTC).toMatchObject({ free: 0.002, used: 0 });
    const history = await server.api('/xb/v1/spot/orders/history', { page: 1, size: 10 }, { token: bot.token });
    const appOrders = history.body.data.items as Array<{
      id: number;
      status: string;
      filledQuantity: string;
      fee: string;
    }>;
    expect(appOrders.map((o) => String(o.id)).sort()).toEqual([limit.id, market.id].sort());
    expect(appOrders.find((o) => String(o.id) === market.id)).toMatchObject({ status: 'filled', fee: '0.1' });
    const all = await ex.fetchOrders('BTC/USDT');
    expect(all.map((o) => [o.id, o.status])).toEqual([
      [limit.id, 'canceled'],
      [market.id, 'closed'],
    ]);
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('serves ccxt’s other public and order calls', async () => {
    const ex = client(key);
    await ex.loadMarkets();
    expect(Math.abs((await ex.fetchTime())! - Date.now())).toBeLessThan(5_000);
    const tape = await ex.fetchTrades('BTC/USDT');
    expect(tape.at(-1)).toMatchObject({ price: 50000, side: 'buy' });
    const tickers = await ex.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(tickers['BTC/USDT']).toMatchObject({ last: 50000 });
    const bidsAsks = await ex.fetchBidsAsks(['BTC/USDT']);
    expect(bidsAsks['BTC/USDT']).toMatchObject({ bid: 49000 });
    await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 41000);
    await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 42000);
    const cancelled = await ex.cancelAllOrders('BTC/USDT');
    expect(cancelled).toHaveLength(2);
    expect(await ex.fetchOpenOrders('BTC/USDT')).toEqual([]);
  });

  it('answers a retried newClientOrderId with the first order', async () => {
    const ex = client(key);
    await ex.loadMarkets();
    const a = await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 40000, { newClientOrderId: 'bot-retry-1' });
    const b = await ex.createLimitOrder('BTC/USDT', 'buy', 0.001, 40000, { newClientOrderId: 'bot-retry-1' });
    expect(b.id).toBe(a.id);
    await expect(
      ex.createLimitOrder('BTC/USDT', 'buy', 0.002, 40000, { newClientOrderId: 'bot-retry-1' }),
    ).rejects.toThrow(ccxt.InvalidOrder);
    await ex.cancelOrder(a.id!, 'BTC/USDT');
  });

  it('refuses a bad signature, a skewed clock and a missing permission', async () => {
    await expect(client({ ...key, secret: 'f'.repeat(64) }).fetchBalance()).rejects.toThrow(ccxt.AuthenticationError);
    // the client's clock two minutes behind the server: outside recvWindow
    await expect(client(key, { timeDifference: 120_000 }).fetchBalance()).rejects.toThrow(ccxt.InvalidNonce);
    // ahead of the server by more than a second
    await expect(client(key, { timeDifference: -5_000 }).fetchBalance()).rejects.toThrow(ccxt.InvalidNonce);
    const reader = client(readOnly);
    await reader.loadMarkets();
    await expect(reader.createLimitOrder('BTC/USDT', 'buy', 0.001, 40000)).rejects.toThrow(ccxt.AuthenticationError);
    expect((await reader.fetchBalance()).USDT).toBeDefined();
  });

  it('answers in Binance’s shapes: error codes, replay outside the window, weight headers', async () => {
    const ok = await signed('GET', 'account', { timestamp: String(Date.now()) });
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get('x-mbx-used-weight-1m'))).toBeGreaterThan(0);
    // the same request replayed after its window
    const old = String(Date.now() - 6_000);
    expect((await signed('GET', 'account', { timestamp: old })).body).toEqual({
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
    expect((await signed('GET', 'account', { timestamp: old, recvWindow: '10000' })).status).toBe(200);
    expect((await signed('GET', 'account', { timestamp: old, recvWindow: '70000' })).body.code).toBe(-1131);
    expect((await signed('GET', 'account', {})).body.code).toBe(-1102);
    const unknown = await signed(
      'GET',
      'account',
      { timestamp: String(Date.now()) },
      { apiKey: 'a'.repeat(64), secret: key.secret },
    );
    expect(unknown).toMatchObject({ status: 401, body: { code: -2015 } });
    const missing = await fetch(`${server.url}/api/v3/account?timestamp=1&signature=${'0'.repeat(64)}`);
    expect(await missing.json()).toEqual({ code: -2014, msg: 'API-key format invalid.' });
    const bad = await signed('POST', 'order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '40000.05',
      quantity: '0.001',
      timestamp: String(Date.now()),
    });
    expect(bad.body.code).toBe(-1013);
    expect(bad.body.msg).toContain('PRICE_FILTER');
    const sym = await fetch(`${server.url}/api/v3/depth?symbol=NOPEUSDT`);
    expect(await sym.json()).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect(await (await fetch(`${server.url}/api/v3/ping`)).json()).toEqual({});
  });

  it('refuses a key used from outside its IP allow-list, and a disabled key', async () => {
    const keys = service(server.built.ctx, 'apiKeys');
    const fenced = await keys.create(bot.id, { label: 'fenced', permissions: ['read'], ipAllow: ['10.1.2.3'] });
    expect((await signed('GET', 'account', { timestamp: String(Date.now()) }, fenced)).body.code).toBe(-2015);
    const local = await keys.create(bot.id, { label: 'local', permissions: ['read'], ipAllow: ['127.0.0.1'] });
    expect((await signed('GET', 'account', { timestamp: String(Date.now()) }, local)).status).toBe(200);
    await keys.setStatus(bot.id, local.id, 'disabled');
    expect((await signed('GET', 'account', { timestamp: String(Date.now()) }, local)).body.code).toBe(-2015);
  });
});
