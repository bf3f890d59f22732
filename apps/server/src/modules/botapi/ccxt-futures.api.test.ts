import ccxt from 'ccxt';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { createBotKey, pointAtTestServer, signedBotCall, type BotKey } from '../../testing/bot-api-client.ts';
import { futuresHarness } from '../futures/futures.test-helpers.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

/**
 * An unmodified ccxt `binanceusdm` client, only its URLs pointed at the test server, trades a futures session
 * (leverage, margin type, a limit order, a market order, the position, its reduce-only close); its view of the
 * balance, orders and positions is compared with the app's futures API and the ledger.
 */
process.env.FUTURES_TICK_MS = '0'; // the test drives the mark price

/** Real time (ccxt signs with the machine's clock), moved forward only when the futures harness steps a tick. */
class LiveClock extends ManualClock {
  private offset = 0;
  override now(): number {
    return Date.now() + this.offset;
  }
  override advance(ms: number): void {
    this.offset += ms;
  }
}

const BTC = 'BTC/USDT:USDT';
let h: Awaited<ReturnType<typeof futuresHarness>>;
let bot: { id: number; token: string };
let maker: { id: number; token: string };
let key: BotKey;
let readOnly: BotKey;
const clock = new LiveClock();

/** A client configured as a user would: the server's /fapi URLs, the key, no currency list from /sapi. */
const client = (k: BotKey, options: Record<string, unknown> = {}) =>
  pointAtTestServer(
    new ccxt.binanceusdm({ apiKey: k.apiKey, secret: k.secret, options: { fetchCurrencies: false, ...options } }),
    server,
    Object.fromEntries(
      ['1', '2', '3'].flatMap((v) => {
        const suffix = v === '1' ? '' : `V${v}`;
        return [`fapiPublic${suffix}`, `fapiPrivate${suffix}`].map((group) => [group, `/api/fapi/v${v}`]);
      }),
    ),
  );

const signed = (method: string, path: string, params: Record<string, string>, k: BotKey = key) =>
  signedBotCall(server, method, `/api/fapi/${path}`, params, k);

const app = (path: string, body: object, token = bot.token) => server.api(`/xb/v1/futures${path}`, body, { token });

const server = serverForSuite({ clock });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await h.setIndex('BTCUSDT', '100000');
  bot = await server.createUser();
  maker = await server.createUser();
  await h.fund(bot.id, '10000');
  await h.fund(maker.id, '100000');
  // the counterparty's book, placed through the app's own API (one engine, one book)
  for (const [side, price, cid] of [
    ['sell', '100100', 'm-ask'],
    ['buy', '99900', 'm-bid'],
  ] as const) {
    const r = await app(
      '/order/place',
      { clientOrderId: cid, symbol: 'BTCUSDT', side, type: 'limit', price, quantity: '0.05' },
      maker.token,
    );
    expect(r.status).toBe(200);
  }
  key = await createBotKey(server, bot.id, 'read,trade');
  readOnly = await createBotKey(server, bot.id, 'read');
}, 120_000);

describe('ccxt binanceusdm against the bot API', () => {
  it('trades a futures session and sees what the app and the ledger see', async () => {
    const ex = client(key);
    const markets = await ex.loadMarkets();
    const btc = markets[BTC]!;
    expect(btc).toMatchObject({ swap: true, linear: true, settle: 'USDT', contractSize: 1, active: true });
    expect(btc.precision).toMatchObject({ price: 0.1, amount: 0.00001 });
    expect(btc.limits.cost?.min).toBe(5);

    // mark, index and funding as the app shows them (a fresh index tick: an index older than 15 s is not shown)
    await h.setIndex('BTCUSDT', '100000');
    const [info] = (await server.api('/xb/v1/futures/funding/info', { symbol: 'BTCUSDT' })).body.data;
    const mark = await ex.fetchMarkPrice(BTC);
    expect(mark).toMatchObject({ markPrice: 100000, indexPrice: 100000 });
    const funding = await ex.fetchFundingRate(BTC);
    expect(funding).toMatchObject({
      markPrice: 100000,
      indexPrice: 100000,
      fundingRate: Number(info.predictedRate),
      fundingTimestamp: info.nextFundingTime,
    });

    const book = await ex.fetchOrderBook(BTC);
    expect(book.bids[0]).toEqual([99900, 0.05]);
    expect(book.asks[0]).toEqual([100100, 0.05]);

    const before = await ex.fetchBalance();
    expect(before.USDT).toMatchObject({ free: 10000, used: 0, total: 10000 });

    expect(await ex.setLeverage(10, BTC)).toMatchObject({ leverage: 10, symbol: 'BTCUSDT' });
    expect(await ex.setMarginMode('isolated', BTC)).toEqual({ code: 200, msg: 'success' });
    // already isolated: Binance's -4046 "No need to change margin type."
    await expect(ex.setMarginMode('isolated', BTC)).rejects.toThrow(ccxt.MarginModeAlreadySet);
    expect((await app('/account', {})).body.data.settings).toEqual([
      { symbol: 'BTCUSDT', marginMode: 'isolated', leverage: 10 },
    ]);

    const limit = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 99000);
    expect(limit).toMatchObject({ status: 'open', price: 99000, amount: 0.01, filled: 0, reduceOnly: false });
    // 990 USDT at 10×: 99 margin and the fee reserve at the higher rate (0.05 %) frozen
    expect((await ex.fetchBalance()).USDT).toMatchObject({ free: 9900.505, used: 99.495, total: 10000 });
    expect(await h.wallet(bot.id)).toEqual({ available: h.units('9900.505'), frozen: h.units('99.495') });

    const open = await ex.fetchOpenOrders(BTC);
    expect(open.map((o) => o.id)).toEqual([limit.id]);
    expect((await ex.fetchOrder(limit.id!, BTC)).status).toBe('open');
    const cancelled = await ex.cancelOrder(limit.id!, BTC);
    expect(cancelled.status).toBe('canceled');
    expect(await ex.fetchOpenOrders(BTC)).toEqual([]);

    const market = await ex.createOrder(BTC, 'market', 'buy', 0.01);
    expect(market).toMatchObject({ status: 'closed', filled: 0.01, cost: 1001, average: 100100 });

    const [pos] = await ex.fetchPositions([BTC]);
    expect(pos).toMatchObject({
      symbol: BTC,
      side: 'long',
      contracts: 0.01,
      entryPrice: 100100,
      markPrice: 100000,
      notional: 1000,
      unrealizedPnl: -1,
      leverage: 10,
      marginMode: 'isolated',
      collateral: 99.1, // the margin 100.1 with the uPnL
    });
    const [appPos] = (await app('/positions', { symbol: 'BTCUSDT' })).body.data;
    expect(appPos).toMatchObject({
      direction: 'long',
      quantity: '0.01',
      openPrice: '100100',
      margin: '100.1',
      unrealizedPnl: '-1',
      leverage: 10,
      marginMode: 'isolated',
    });
    expect(pos!.liquidationPrice).toBe(Number(appPos.estimatedLiquidationPrice));
    // wallet 10 000 − 0.5005 fee; 100.1 is the position's margin; equity adds the uPnL
    expect((await ex.fetchBalance()).USDT).toMatchObject({ free: 9899.3995, used: 100.1, total: 9998.4995 });

    // close with a reduce-only market order, as a bot does
    const close = await ex.createOrder(BTC, 'market', 'sell', 0.01, undefined, { reduceOnly: true });
    expect(close).toMatchObject({ status: 'closed', filled: 0.01, average: 99900, reduceOnly: true });
    expect(await ex.fetchPositions([BTC])).toEqual([]);
    expect((await app('/positions', { symbol: 'BTCUSDT' })).body.data).toEqual([]);
    const [closed] = (await app('/positions/closed', {})).body.data.items;
    expect(closed).toMatchObject({ direction: 'long', closedPrice: '99900', realizedPnl: '-2', closeReason: 'trade' });
    const v2 = (await ex.fapiPrivateV2GetPositionRisk({ symbol: 'BTCUSDT' })) as any[];
    expect(v2).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', positionAmt: '0', marginType: 'isolated' })]);

    // 10 000 − 2 loss − 0.5005 − 0.4995 fees
    expect((await ex.fetchBalance()).USDT).toMatchObject({ free: 9997, used: 0, total: 9997 });
    expect(await h.wallet(bot.id)).toEqual({ available: h.units('9997'), frozen: 0n });
    expect((await app('/account', {})).body.data).toMatchObject({ available: '9997', frozen: '0', equity: '9997' });

    const trades = await ex.fetchMyTrades(BTC);
    expect(trades.map((t) => [t.order, t.side, t.price, t.amount, t.takerOrMaker, t.fee?.cost])).toEqual([
      [market.id, 'buy', 100100, 0.01, 'taker', 0.5005],
      [close.id, 'sell', 99900, 0.01, 'taker', 0.4995],
    ]);
    const all = await ex.fetchOrders(BTC);
    expect(all.map((o) => [o.id, o.status])).toEqual([
      [limit.id, 'canceled'],
      [market.id, 'closed'],
      [close.id, 'closed'],
    ]);
    const history = (await app('/orders/history', { symbol: 'BTCUSDT', page: 1, size: 10 })).body.data.items as Array<{
      id: number;
      status: string;
      fee: string;
    }>;
    expect(history.map((o) => [String(o.id), o.status, o.fee]).reverse()).toEqual([
      [limit.id, 'cancelled', '0'],
      [market.id, 'filled', '0.5005'],
      [close.id, 'filled', '0.4995'],
    ]);

    const c = await h.check();
    expect(c.problems).toEqual([]);
    expect(c.clearing).toBe(c.expectedClearing);
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('serves the market data of the trades: ticker, candles, last prices', async () => {
    const ex = client(key);
    await ex.loadMarkets();
    expect(Math.abs((await ex.fetchTime())! - clock.now())).toBeLessThan(5_000);
    const ticker = await ex.fetchTicker(BTC);
    expect(ticker).toMatchObject({ last: 99900, open: 100100, high: 100100, low: 99900, baseVolume: 0.02 });
    expect(ticker.quoteVolume).toBe(2000);
    const candles = await ex.fetchOHLCV(BTC, '1m');
    const volume = candles.reduce((s, k) => s + (k[5] ?? 0), 0);
    expect(volume).toBeCloseTo(0.02, 10);
    expect(candles.at(-1)![4]).toBe(99900);
    const prices = await ex.fetchLastPrices([BTC]);
    expect(prices[BTC]).toMatchObject({ price: 99900 });
    const tiers = await ex.fetchLeverageTiers([BTC]);
    expect(tiers[BTC]![0]).toMatchObject({ tier: 1, minNotional: 0, maxNotional: 50000, maxLeverage: 100 });
  });

  it('answers a retried newClientOrderId with the first order and refuses it with other parameters', async () => {
    const ex = client(key);
    await ex.loadMarkets();
    const a = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 99000, { newClientOrderId: 'bot-f-retry-1' });
    const b = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 99000, { newClientOrderId: 'bot-f-retry-1' });
    expect(b.id).toBe(a.id);
    const other = await signed('POST', 'v1/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '99000',
      quantity: '0.02',
      newClientOrderId: 'bot-f-retry-1',
      timestamp: String(Date.now()),
    });
    expect(other.body.code).toBe(-4116);
    expect(await ex.fetchOpenOrders(BTC)).toHaveLength(1);
    expect(await ex.cancelAllOrders(BTC)).toBeDefined();
    expect(await ex.fetchOpenOrders(BTC)).toEqual([]);
    // an IOC order trades what it can and expires the rest
    const ioc = await ex.createOrder(BTC, 'limit', 'buy', 0.1, 100100, { timeInForce: 'IOC' });
    expect(ioc).toMatchObject({ status: 'expired', filled: 0.04, timeInForce: 'IOC' });
    expect(await ex.fetchOrder(ioc.id!, BTC)).toMatchObject({ status: 'expired', timeInForce: 'IOC' });
    await ex.createOrder(BTC, 'market', 'sell', 0.04, undefined, { reduceOnly: true });
    expect(await ex.fetchPositions([BTC])).toEqual([]);
    expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
  });

  it('refuses a bad signature, a skewed clock and a read-only key trying to trade', async () => {
    await expect(client({ ...key, secret: 'f'.repeat(64) }).fetchBalance()).rejects.toThrow(ccxt.AuthenticationError);
    // the client's clock two minutes behind the server: outside recvWindow
    await expect(client(key, { timeDifference: 120_000 }).fetchBalance()).rejects.toThrow(ccxt.InvalidNonce);
    // ahead of the server by more than a second
    await expect(client(key, { timeDifference: -5_000 }).fetchBalance()).rejects.toThrow(ccxt.InvalidNonce);
    const reader = client(readOnly);
    await reader.loadMarkets();
    await expect(reader.createOrder(BTC, 'limit', 'buy', 0.01, 99000)).rejects.toThrow(ccxt.AuthenticationError);
    await expect(reader.setLeverage(5, BTC)).rejects.toThrow(ccxt.AuthenticationError);
    expect((await reader.fetchBalance()).USDT).toBeDefined();
    expect(await app('/orders/open', {})).toMatchObject({ body: { data: [] } });
  });

  it('answers in Binance’s shapes: error codes, replay outside the window, weight headers', async () => {
    const now = () => String(clock.now());
    const ok = await signed('GET', 'v2/account', { timestamp: now() });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ canTrade: true, availableBalance: expect.any(String) });
    expect(Number(ok.headers.get('x-mbx-used-weight-1m'))).toBeGreaterThan(0);
    const old = String(clock.now() - 6_000);
    expect((await signed('GET', 'v2/account', { timestamp: old })).body).toEqual({
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
    const order = (extra: Record<string, string>) =>
      signed('POST', 'v1/order', { symbol: 'BTCUSDT', side: 'BUY', timestamp: now(), ...extra });
    const limit = { type: 'LIMIT', timeInForce: 'GTC', price: '99000', quantity: '0.01' };
    expect((await order({ ...limit, price: '99000.05' })).body.code).toBe(-4014);
    expect((await order({ ...limit, quantity: '0.000001' })).body.code).toBe(-1111);
    expect((await order({ ...limit, price: '80000' })).body.code).toBe(-4131);
    expect((await order({ ...limit, quantity: '0.00001' })).body.code).toBe(-4164);
    expect((await order({ ...limit, quantity: '10' })).body.code).toBe(-2019);
    expect((await order({ ...limit, reduceOnly: 'true' })).body.code).toBe(-2022);
    expect((await order({ ...limit, positionSide: 'LONG' })).body.code).toBe(-4061);
    expect((await order({ ...limit, type: 'STOP' })).body.code).toBe(-1116);
    expect((await order({ type: 'MARKET', quantity: '0.01', stopPrice: '1' })).body.code).toBe(-1106);
    expect((await order({ type: 'LIMIT', price: '99000', quantity: '0.01' })).body.code).toBe(-1102);
    expect(
      (await signed('POST', 'v1/leverage', { symbol: 'BTCUSDT', leverage: '0', timestamp: now() })).body.code,
    ).toBe(-1100);
    expect(
      (await signed('POST', 'v1/marginType', { symbol: 'BTCUSDT', marginType: 'BOTH', timestamp: now() })).body.code,
    ).toBe(-4044);
    expect(
      (await signed('GET', 'v1/order', { symbol: 'BTCUSDT', orderId: '999999', timestamp: now() })).body.code,
    ).toBe(-2013);
    const sym = await fetch(`${server.url}/api/fapi/v1/depth?symbol=NOPEUSDT`);
    expect(await sym.json()).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect(await (await fetch(`${server.url}/api/fapi/v1/ping`)).json()).toEqual({});
    expect(await app('/orders/open', {})).toMatchObject({ body: { data: [] } });
  });

  it('lists every /api/fapi route on the bot API reference page', async () => {
    const html = await (await fetch(`${server.url}/api/docs/bot`)).text();
    const routes = server.built.routes.filter((r) => r.url.startsWith('/api/fapi/'));
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !html.includes(`<code>${r.url}</code>`) && !html.includes(`also ${r.url}`));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  // last: it moves the server's clock past a funding time, which later signed calls would not expect
  it('lists the settled funding rounds and the funding intervals', async () => {
    clock.advance(8 * 3_600_000);
    await h.setIndex('BTCUSDT', '100000');
    const [info] = (await server.api('/xb/v1/futures/funding/info', { symbol: 'BTCUSDT' })).body.data;
    expect(info.lastRate).not.toBeNull();
    const ex = client(key);
    await ex.loadMarkets();
    const history = await ex.fetchFundingRateHistory(BTC);
    expect(history.at(-1)).toMatchObject({ symbol: BTC, fundingRate: Number(info.lastRate) });
    expect(history.at(-1)!.timestamp).toBe(info.nextFundingTime - 8 * 3_600_000);
    const intervals = await ex.fetchFundingIntervals([BTC]);
    expect(intervals[BTC]).toMatchObject({ interval: '8h' });
  });
});
