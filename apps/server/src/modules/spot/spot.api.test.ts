import { service } from '../../platform/context.ts';
import { describe, expect, it } from 'vitest';
import { feeOf, parseRate } from '@tidemark/contract/money';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

// Expected amounts are computed here from the published fee rates, independently of the server's code.
const TAKER = parseRate('0.001');
const MAKER = parseRate('0.0008');

const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
let n = 0;
const cid = () => `t-${++n}`;

async function bal(userId: number, currency: string) {
  return service(server.built.ctx, 'ledger').balance({ userId, currency, wallet: 'spot' });
}
const place = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token });
async function clean() {
  const r = await ledgerCheck(server.built.ctx.db);
  expect(r).toMatchObject({ ok: true });
}

const server = serverForSuite({ clock });

describe('spot orders', () => {
  it('lists the markets with their steps and coin types', async () => {
    const res = await server.api('/xb/v1/spot/markets', {});
    expect(res.status).toBe(200);
    const btc = res.body.data.find((m: any) => m.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ coinType: 1, tickSize: '0.1', stepSize: '0.00001', minNotional: '5' });
  });

  it('rejects bad placements with clear messages and changes nothing', async () => {
    const u = await server.createUser();
    await server.fund(u.id, 'USDT', 1_000_000_000n); // 1000 USDT
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '0' }, 400, 'quantity'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000.05', quantity: '0.001' }, 400, 'price'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '0.000001' }, 400, 'quantity'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.001' }, 400, 'quantity'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '1' }, 400, ''],
      [{ symbol: 'NOPEUSDT', side: 'buy', type: 'limit', price: '1', quantity: '1' }, 400, 'symbol'],
      [{ symbol: 'BTCUSDT', side: 'sell', type: 'market', quoteAmount: '10' }, 400, 'quoteAmount'],
    ];
    for (const [body, status, field] of cases) {
      const res = await place(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    }
    const zero = await server.api(
      '/xb/v1/spot/order/place',
      { clientOrderId: 'z', symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '0' },
      { token: u.token },
    );
    expect(zero.body.message).toBe('Amount must be greater than zero');
    const poor = await place(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', quantity: '1' });
    expect(poor.body.error).toBe('INSUFFICIENT_BALANCE');
    const tick = await place(u.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '50000.05',
      quantity: '0.001',
    });
    expect(tick.body.message).toContain('0.1');
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    await clean();
  });

  it('a limit order freezes price × qty + the taker fee; a retry returns the first result; another body is 409', async () => {
    const u = await server.createUser();
    await server.fund(u.id, 'USDT', 1_000_000_000n);
    const body = {
      clientOrderId: 'same-1',
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3000',
      quantity: '0.1',
    };
    const first = await server.api('/xb/v1/spot/order/place', body, { token: u.token });
    expect(first).toMatchObject({
      status: 200,
      body: { data: { status: 'new', price: '3000', quantity: '0.1', unfilledQuantity: '0.1', totalAmount: '300' } },
    });
    const notional = 300_000_000n;
    expect(await bal(u.id, 'USDT')).toEqual({
      available: 1_000_000_000n - notional - feeOf(notional, TAKER),
      frozen: notional + feeOf(notional, TAKER),
    });
    const again = await server.api('/xb/v1/spot/order/place', body, { token: u.token });
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await server.api('/xb/v1/spot/order/place', { ...body, price: '2999' }, { token: u.token });
    expect(other.status).toBe(409);
    const open = await server.api('/xb/v1/spot/orders/open', { symbol: 'ETHUSDT' }, { token: u.token });
    expect(open.body.data).toHaveLength(1);
    const cancel = await server.api('/xb/v1/spot/order/cancel', { orderId: first.body.data.id }, { token: u.token });
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    const twice = await server.api('/xb/v1/spot/order/cancel', { orderId: first.body.data.id }, { token: u.token });
    expect(twice.body.error).toBe('ORDER_NOT_OPEN');
    await clean();
  });

  it('a crossing limit order settles both sides and the fees; price improvement is released', async () => {
    const maker = await server.createUser();
    const taker = await server.createUser();
    await server.fund(maker.id, 'BTC', 100_000_000n); // 1 BTC
    await server.fund(taker.id, 'USDT', 100_000_000_000n); // 100,000 USDT
    const sell = await place(maker.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.5',
    });
    expect(sell.body.data.status).toBe('new');
    // buys 0.2 at a limit of 61000: trades at the maker's 60000
    const buy = await place(taker.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '61000',
      quantity: '0.2',
    });
    expect(buy.body.data).toMatchObject({
      status: 'filled',
      filledQuantity: '0.2',
      turnover: '12000',
      averagePrice: '60000',
    });
    const quote = 12_000_000_000n;
    const takerFee = feeOf(quote, TAKER);
    const makerFee = feeOf(quote, MAKER);
    expect(await bal(taker.id, 'USDT')).toEqual({ available: 100_000_000_000n - quote - takerFee, frozen: 0n });
    expect(await bal(taker.id, 'BTC')).toEqual({ available: 20_000_000n, frozen: 0n });
    expect(await bal(maker.id, 'USDT')).toEqual({ available: quote - makerFee, frozen: 0n });
    expect(await bal(maker.id, 'BTC')).toEqual({ available: 50_000_000n, frozen: 30_000_000n });
    expect(buy.body.data.fee).toBe('12');
    const detail = await server.api('/xb/v1/spot/order/detail', { id: sell.body.data.id }, { token: maker.token });
    expect(detail.body.data).toMatchObject({ status: 'partially_filled', unfilledQuantity: '0.3' });
    expect(detail.body.data.fills).toEqual([
      expect.objectContaining({ role: 'maker', price: '60000', quantity: '0.2', fee: '9.6' }),
    ]);
    const trades = await server.api('/xb/v1/spot/trades', { symbol: 'BTCUSDT' });
    expect(trades.body.data[0]).toMatchObject({ price: '60000', quantity: '0.2', side: 'buy', demo: false });
    const ticker = await server.api('/xb/v1/spot/tickers', { symbol: 'BTCUSDT' });
    expect(ticker.body.data[0]).toMatchObject({ last: '60000', volume: '0.2', turnover: '12000' });
    const candles = await server.api('/xb/v1/spot/candles', { symbol: 'BTCUSDT', interval: '1m' });
    expect(candles.status, JSON.stringify(candles.body)).toBe(200);
    expect(candles.body.data).toEqual([
      expect.objectContaining({ open: '60000', close: '60000', volume: '0.2', trades: 1 }),
    ]);
    const depth = await server.api('/xb/v1/spot/depth', { symbol: 'BTCUSDT' });
    expect(depth.body.data.asks).toEqual([['60000', '0.3']]);
    // revoke everything
    const all = await server.api('/xb/v1/spot/order/cancel-all', {}, { token: maker.token });
    expect(all.body.data.cancelled).toBe(1);
    expect(await bal(maker.id, 'BTC')).toEqual({ available: 80_000_000n, frozen: 0n });
    await clean();
  });

  it('IOC, FOK, post-only and market orders by base and by quote', async () => {
    const maker = await server.createUser();
    const taker = await server.createUser();
    await server.fund(maker.id, 'SOL', 10_000_000_000n); // 100 SOL
    await server.fund(taker.id, 'USDT', 10_000_000_000n); // 10,000 USDT
    await server.fund(taker.id, 'SOL', 1_000_000_000n);
    await place(maker.token, { symbol: 'SOLUSDT', side: 'sell', type: 'limit', price: '100', quantity: '1' });
    await place(maker.token, { symbol: 'SOLUSDT', side: 'sell', type: 'limit', price: '101', quantity: '1' });
    const fok = await place(taker.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '2',
      timeInForce: 'FOK',
    });
    expect(fok.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'fok-unfillable', filledQuantity: '0' });
    const post = await place(taker.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '1',
      timeInForce: 'POST_ONLY',
    });
    expect(post.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'post-only-would-cross' });
    const ioc = await place(taker.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      quantity: '1.5',
      timeInForce: 'IOC',
    });
    expect(ioc.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'ioc-remainder', filledQuantity: '1' });
    const byQuote = await place(taker.token, { symbol: 'SOLUSDT', side: 'buy', type: 'market', quoteAmount: '50.5' });
    expect(byQuote.body.data).toMatchObject({ status: 'filled', filledQuantity: '0.5', turnover: '50.5' });
    const byBase = await place(taker.token, { symbol: 'SOLUSDT', side: 'buy', type: 'market', quantity: '1' });
    expect(byBase.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'no-liquidity',
      filledQuantity: '0.5',
    });
    // the taker paid exactly: 100 + 50.5 + 50.5 USDT plus the taker fee of each fill
    const fees = feeOf(100_000_000n, TAKER) + feeOf(50_500_000n, TAKER) + feeOf(50_500_000n, TAKER);
    expect(await bal(taker.id, 'USDT')).toEqual({ available: 10_000_000_000n - 201_000_000n - fees, frozen: 0n });
    expect(await bal(taker.id, 'SOL')).toEqual({ available: 1_200_000_000n, frozen: 0n });
    await server.fund(maker.id, 'USDT', 1_000_000_000n);
    const bid = await place(maker.token, { symbol: 'SOLUSDT', side: 'buy', type: 'limit', price: '90', quantity: '3' });
    expect(bid.body.data.status).toBe('new');
    const sell = await place(taker.token, { symbol: 'SOLUSDT', side: 'sell', type: 'market', quantity: '2' });
    expect(sell.body.data).toMatchObject({ status: 'filled', turnover: '180' });
    const history = await server.api(
      '/xb/v1/spot/orders/history',
      { symbol: 'SOLUSDT', page: 1, size: 3 },
      { token: taker.token },
    );
    expect(history.body.data.total).toBe(6);
    expect(history.body.data.items).toHaveLength(3);
    await clean();
  });

  it('the book in memory matches the open orders in the database after a restart', async () => {
    const spotBefore = service(server.built.ctx, 'spot');
    const before = spotBefore.sequencer('BTCUSDT').snapshot();
    await server.restart();
    const spot = service(server.built.ctx, 'spot');
    expect(spot.sequencer('BTCUSDT').snapshot()).toEqual(before);
    const stored = await spot.storedOpenOrders('SOLUSDT');
    expect(
      spot
        .sequencer('SOLUSDT')
        .snapshot()
        .map((o) => o.id)
        .sort(),
    ).toEqual(stored.map((o) => o.id).sort());
    await clean();
  });

  it('coin info answers real facts by coinType', async () => {
    const res = await server.api('/xb/v1/spot/coin/info', { coinType: 1 });
    expect(res.body.data).toMatchObject({ code: 'BTC', maxSupply: '21000000', officialSite: 'https://bitcoin.org' });
    expect((await server.api('/xb/v1/spot/coin/info', { coinType: 999 })).status).toBe(400);
  });
});
