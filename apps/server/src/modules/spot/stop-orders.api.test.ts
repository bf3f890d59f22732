import { beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../platform/context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { ledgerCheck } from '../wallet/ledger-check.ts';

// Expected reservations are computed here from the published rates (0.1 % taker, 0.08 % maker; a buy reserves
// the higher), independently of the server's code. Amounts in minor units: USDT 6 decimals, coins 8.

const clock = new ManualClock(Date.UTC(2026, 10, 26, 22));
let n = 0;
const cid = () => `s-${++n}`;
let maker: { id: number; token: string };
let taker: { id: number; token: string };

const stop = (token: string, body: Record<string, unknown>, locale?: string) =>
  server.api('/xb/v1/spot/stop/place', { clientOrderId: cid(), ...body }, locale ? { token, locale } : { token });
/** A stop order of `u` in `symbol`: the side and type, then the prices and amount. */
const stopOf = (
  u: { token: string },
  symbol: string,
  side: 'buy' | 'sell',
  type: 'stop_market' | 'stop_limit' | 'oco',
  fields: Record<string, string>,
) => stop(u.token, { symbol, side, type, ...fields });
const order = (token: string, body: Record<string, unknown>) =>
  server.api('/xb/v1/spot/order/place', { clientOrderId: cid(), ...body }, { token });
/** One of the spot calls as `u`. */
const spot = (u: { token: string }, path: string, body: object) =>
  server.api(`/xb/v1/spot${path}`, body, { token: u.token });
const bal = (userId: number, currency: string) =>
  service(server.built.ctx, 'ledger').balance({ userId, currency, wallet: 'spot' });

/** A trade at `price` between the two price movers: the maker rests, the taker crosses. */
async function tradeAt(symbol: string, price: string, quantity: string, takerSide: 'buy' | 'sell' = 'buy') {
  const makerSide = takerSide === 'buy' ? 'sell' : 'buy';
  const rest = await order(maker.token, { symbol, side: makerSide, type: 'limit', price, quantity });
  expect(rest.status, JSON.stringify(rest.body)).toBe(200);
  const hit = await order(taker.token, { symbol, side: takerSide, type: 'limit', price, quantity, timeInForce: 'IOC' });
  expect(hit.body.data.status, JSON.stringify(hit.body)).toBe('filled');
}

async function user(usdt: bigint, coin?: [string, bigint]) {
  const u = await server.createUser();
  if (usdt > 0n) await server.fund(u.id, 'USDT', usdt);
  if (coin) await server.fund(u.id, coin[0], coin[1]);
  return u;
}

async function clean() {
  expect(await ledgerCheck(server.built.ctx.db)).toMatchObject({ ok: true });
}

const server = serverForSuite({ clock });
beforeAll(async () => {
  maker = await user(10_000_000_000_000n);
  taker = await user(10_000_000_000_000n);
  for (const c of ['BTC', 'ETH', 'BNB', 'SOL', 'LTC', 'AVAX', 'LINK']) {
    await server.fund(maker.id, c, 100_000_000_000n);
    await server.fund(taker.id, c, 100_000_000_000n);
  }
});

describe('spot stop orders', () => {
  it('refuses bad stops with clear, localized messages and changes nothing', async () => {
    const u = await user(1_000_000_000n, ['LINK', 10_000_000_000n]);
    // no trade in this market yet: there is no last price to trigger on
    const none = await stopOf(u, 'LINKUSDT', 'sell', 'stop_market', { stopPrice: '9', quantity: '1' });
    expect(none.body).toMatchObject({ code: 400, error: 'NO_LAST_PRICE', field: 'stopPrice' });
    await tradeAt('LINKUSDT', '10', '1');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ side: 'buy', type: 'stop_limit', price: '11', quantity: '1' }, 'stopPrice', 'Enter a trigger price'],
      [{ side: 'buy', type: 'stop_limit', stopPrice: '11.0005', price: '11', quantity: '1' }, 'stopPrice', '0.001'],
      [
        { side: 'buy', type: 'stop_limit', stopPrice: '10', price: '11', quantity: '1' },
        'stopPrice',
        'above the last price 10',
      ],
      [{ side: 'sell', type: 'stop_market', stopPrice: '10.5', quantity: '1' }, 'stopPrice', 'below the last price 10'],
      [{ side: 'buy', type: 'stop_market', stopPrice: '11', quantity: '1' }, 'quoteAmount', 'USDT amount to spend'],
      [
        { side: 'buy', type: 'stop_limit', stopPrice: '11', price: '11', quantity: '0.1' },
        'quantity',
        'at least 5 USDT',
      ],
      [{ side: 'sell', type: 'oco', stopPrice: '9', price: '9.5', quantity: '1' }, 'price', 'above the last price'],
      [{ side: 'buy', type: 'oco', stopPrice: '11', price: '9', quantity: '1' }, 'stopLimitPrice', 'stop leg'],
      [
        { side: 'sell', type: 'stop_limit', stopPrice: '9', stopLimitPrice: '9', price: '9', quantity: '1' },
        'stopLimitPrice',
        'only for OCO',
      ],
      [{ side: 'buy', type: 'trailing', stopPrice: '11', quantity: '1' }, 'type', 'stop-limit'],
    ];
    for (const [body, field, text] of cases) {
      const res = await stop(u.token, { symbol: 'LINKUSDT', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
      expect(res.body.message, JSON.stringify(res.body)).toContain(text);
    }
    const de = await stop(
      u.token,
      { symbol: 'LINKUSDT', side: 'buy', type: 'stop_limit', stopPrice: '9', price: '9', quantity: '1' },
      'de',
    );
    expect(de.body.message).toBe(
      'Ein Kauf-Stop löst bei steigendem Preis aus: sein Auslösepreis muss über dem letzten Preis 10 liegen',
    );
    const poor = await stopOf(u, 'LINKUSDT', 'buy', 'stop_limit', { stopPrice: '11', price: '11', quantity: '1000' });
    expect(poor.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    expect(await bal(u.id, 'LINK')).toEqual({ available: 10_000_000_000n, frozen: 0n });
    const open = await spot(u, '/stops/open', {});
    expect(open.body.data).toEqual([]);
    await clean();
  });

  it('a buy stop-limit freezes at placement, retries are idempotent, and a trade at the stop price fires it once', async () => {
    await tradeAt('BTCUSDT', '50000', '0.001');
    const u = await user(1_000_000_000n);
    const body = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'stop_limit',
      stopPrice: '51000',
      price: '51100',
      quantity: '0.001',
    };
    const placed = await stop(u.token, { ...body, clientOrderId: 'buy-stop-1' });
    expect(placed.body.data).toMatchObject({
      status: 'waiting',
      stopPrice: '51000',
      price: '51100',
      frozen: '51.1511',
    });
    // 51.1 USDT + 0.1 % reserved for the fee
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n - 51_151_100n, frozen: 51_151_100n });
    const again = await stop(u.token, { ...body, clientOrderId: 'buy-stop-1' });
    expect(again.body.data.id).toBe(placed.body.data.id);
    const other = await stop(u.token, { ...body, stopPrice: '52000', clientOrderId: 'buy-stop-1' });
    expect(other.status).toBe(409);
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n - 51_151_100n, frozen: 51_151_100n });

    // a trade below the stop leaves it waiting
    await tradeAt('BTCUSDT', '50900', '0.001');
    let open = await spot(u, '/stops/open', { symbol: 'BTCUSDT' });
    expect(open.body.data.map((s: any) => s.id)).toEqual([placed.body.data.id]);

    // an ask rests at 51000; a trade there crosses the stop, whose limit buy then takes the rest of that ask
    await order(maker.token, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '51000', quantity: '0.001' });
    await tradeAt('BTCUSDT', '51000', '0.001');
    open = await spot(u, '/stops/open', { symbol: 'BTCUSDT' });
    expect(open.body.data).toEqual([]);
    const hist = await spot(u, '/stops/history', { page: 1, size: 10 });
    const fired = hist.body.data.items[0];
    expect(fired).toMatchObject({ id: placed.body.data.id, status: 'triggered', frozen: '0' });
    expect(fired.triggeredAt).toBe(clock.now());
    const detail = await spot(u, '/order/detail', { id: fired.orderId });
    expect(detail.body.data).toMatchObject({
      clientOrderId: `stop/${fired.id}`,
      type: 'limit',
      price: '51100',
      status: 'filled',
      filledQuantity: '0.001',
      averagePrice: '51000',
    });
    // paid 51 USDT + 0.051 taker fee; the rest of the reservation came back
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n - 51_051_000n, frozen: 0n });
    expect(await bal(u.id, 'BTC')).toEqual({ available: 100_000n, frozen: 0n });
    // further trades above the stop do not fire it again
    await tradeAt('BTCUSDT', '51500', '0.001');
    const orders = await spot(u, '/orders/history', { page: 1, size: 50 });
    expect(orders.body.data.items.filter((o: any) => o.clientOrderId.startsWith('stop/'))).toHaveLength(1);
    await clean();
  });

  it('a sell stop-market fires when the price falls to it and sells into the bids', async () => {
    await tradeAt('ETHUSDT', '3000', '0.01');
    const u = await user(0n, ['ETH', 100_000_000n]);
    const placed = await stopOf(u, 'ETHUSDT', 'sell', 'stop_market', { stopPrice: '2900', quantity: '0.5' });
    expect(placed.body.data).toMatchObject({ status: 'waiting', type: 'stop_market', price: null, frozen: '0.5' });
    expect(await bal(u.id, 'ETH')).toEqual({ available: 50_000_000n, frozen: 50_000_000n });
    await order(maker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2890', quantity: '1' });
    await tradeAt('ETHUSDT', '2900', '0.01', 'sell');
    const hist = await spot(u, '/stops/history', { symbol: 'ETHUSDT', page: 1, size: 10 });
    const fired = hist.body.data.items[0];
    expect(fired.status).toBe('triggered');
    const detail = await spot(u, '/order/detail', { id: fired.orderId });
    expect(detail.body.data).toMatchObject({ type: 'market', side: 'sell', status: 'filled', averagePrice: '2890' });
    // 0.5 × 2890 = 1445 USDT less the 0.1 % taker fee
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_445_000_000n - 1_445_000n, frozen: 0n });
    expect(await bal(u.id, 'ETH')).toEqual({ available: 50_000_000n, frozen: 0n });
    await clean();
  });

  it('OCO: the limit leg filling cancels the stop; the stop firing cancels the limit leg; one reservation', async () => {
    await tradeAt('SOLUSDT', '100', '1');
    const u = await user(0n, ['SOL', 1_000_000_000n]);
    const a = await stopOf(u, 'SOLUSDT', 'sell', 'oco', { price: '110', stopPrice: '90', quantity: '2' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data).toMatchObject({ status: 'waiting', type: 'stop_market', frozen: '0' });
    expect(a.body.data.ocoOrder).toMatchObject({
      type: 'limit',
      price: '110',
      status: 'new',
      clientOrderId: `oco/${a.body.data.id}`,
    });
    // both legs sell the same 2 SOL: frozen once
    expect(await bal(u.id, 'SOL')).toEqual({ available: 800_000_000n, frozen: 200_000_000n });
    // the pair is one item in the open stops; its limit leg is an open order
    const open = await spot(u, '/stops/open', {});
    expect(open.body.data).toHaveLength(1);

    // a buyer takes part of the limit leg: the stop is cancelled, the leg keeps resting
    await order(taker.token, { symbol: 'SOLUSDT', side: 'buy', type: 'limit', price: '110', quantity: '0.5' });
    let hist = await spot(u, '/stops/history', { symbol: 'SOLUSDT', page: 1, size: 10 });
    expect(hist.body.data.items[0]).toMatchObject({
      id: a.body.data.id,
      status: 'cancelled',
      cancelReason: 'oco-filled',
    });
    expect(hist.body.data.items[0].ocoOrder).toMatchObject({ status: 'partially_filled', filledQuantity: '0.5' });
    expect(await bal(u.id, 'SOL')).toEqual({ available: 800_000_000n, frozen: 150_000_000n });
    await tradeAt('SOLUSDT', '85', '0.1', 'sell');
    hist = await spot(u, '/stops/history', { symbol: 'SOLUSDT', page: 1, size: 10 });
    expect(hist.body.data.items[0].orderId).toBeNull();
    await spot(u, '/order/cancel', { orderId: a.body.data.ocoOrder.id });

    // the second pair: the price falls through its stop — the stop-limit leg's order replaces the limit leg
    await tradeAt('SOLUSDT', '100', '0.1');
    const b = await stopOf(u, 'SOLUSDT', 'sell', 'oco', {
      price: '120',
      stopPrice: '95',
      stopLimitPrice: '94',
      quantity: '1',
    });
    expect(b.body.data).toMatchObject({ type: 'stop_limit', price: '94' });
    const before = await bal(u.id, 'SOL');
    expect(before.frozen).toBe(100_000_000n);
    await tradeAt('SOLUSDT', '95', '0.1', 'sell');
    hist = await spot(u, '/stops/history', { symbol: 'SOLUSDT', page: 1, size: 10 });
    const fired = hist.body.data.items[0];
    expect(fired).toMatchObject({ id: b.body.data.id, status: 'triggered' });
    expect(fired.ocoOrder).toMatchObject({ status: 'cancelled', cancelReason: 'oco-triggered', filledQuantity: '0' });
    const placed = await spot(u, '/order/detail', { id: fired.orderId });
    expect(placed.body.data).toMatchObject({ type: 'limit', side: 'sell', price: '94', status: 'new' });
    // the leg's reservation moved to the stop's order: still 1 SOL frozen, nothing released or frozen twice
    expect(await bal(u.id, 'SOL')).toEqual(before);
    await clean();
  });

  it('a buy OCO reserves the larger of its legs; cancelling the pair cancels both and releases everything', async () => {
    await tradeAt('BNBUSDT', '600', '0.1');
    const u = await user(1_000_000_000n);
    const pair = await stopOf(u, 'BNBUSDT', 'buy', 'oco', {
      price: '580',
      stopPrice: '620',
      stopLimitPrice: '625',
      quantity: '1',
    });
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    // leg: 580 + 0.58 fee; the stop adds what its 625 + 0.625 needs beyond that
    expect(pair.body.data.frozen).toBe('45.045');
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n - 625_625_000n, frozen: 625_625_000n });
    const other = await server.createUser();
    const theirs = await spot(other, '/stop/cancel', { id: pair.body.data.id });
    expect(theirs.status).toBe(404);
    const cancelled = await spot(u, '/stop/cancel', { id: pair.body.data.id });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(cancelled.body.data.ocoOrder).toMatchObject({ status: 'cancelled' });
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    const twice = await spot(u, '/stop/cancel', { id: pair.body.data.id });
    expect(twice.body).toMatchObject({ code: 400, error: 'STOP_NOT_WAITING' });

    // cancelling the limit leg as an order cancels its stop too; cancel-all takes plain stops
    const pair2 = await stopOf(u, 'BNBUSDT', 'buy', 'oco', {
      price: '580',
      stopPrice: '620',
      stopLimitPrice: '625',
      quantity: '1',
    });
    await spot(u, '/order/cancel', { orderId: pair2.body.data.ocoOrder.id });
    const plain = await stopOf(u, 'BNBUSDT', 'buy', 'stop_market', { stopPrice: '650', quoteAmount: '100' });
    expect(plain.body.data.frozen).toBe('100.1');
    const all = await spot(u, '/order/cancel-all', {});
    expect(all.body.data.cancelled).toBe(1);
    const hist = await spot(u, '/stops/history', { page: 1, size: 10 });
    expect(hist.body.data.items.map((s: any) => [s.status, s.cancelReason])).toEqual([
      ['cancelled', 'user'],
      ['cancelled', 'user'],
      ['cancelled', 'user'],
    ]);
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    await clean();
  });

  it('a stop whose order the market refuses is cancelled and its funds released', async () => {
    await tradeAt('AVAXUSDT', '30', '1');
    const u = await user(1_000_000_000n);
    const placed = await stopOf(u, 'AVAXUSDT', 'buy', 'stop_market', { stopPrice: '31', quoteAmount: '50' });
    expect(placed.status).toBe(200);
    // the trade at 31 takes the only ask: the stop's market buy finds no liquidity
    await tradeAt('AVAXUSDT', '31', '1');
    const hist = await spot(u, '/stops/history', { symbol: 'AVAXUSDT', page: 1, size: 10 });
    expect(hist.body.data.items[0]).toMatchObject({ status: 'cancelled', cancelReason: 'no-liquidity', orderId: null });
    expect(await bal(u.id, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    await clean();
  });

  it('waiting stops survive a restart and fire once after it', async () => {
    await tradeAt('LTCUSDT', '80', '1');
    const u = await user(1_000_000_000n, ['LTC', 1_000_000_000n]);
    const up = await stopOf(u, 'LTCUSDT', 'buy', 'stop_limit', { stopPrice: '85', price: '86', quantity: '1' });
    const down = await stopOf(u, 'LTCUSDT', 'sell', 'oco', { price: '90', stopPrice: '75', quantity: '1' });
    const frozenBefore = [await bal(u.id, 'USDT'), await bal(u.id, 'LTC')];
    await server.restart();
    const open = await spot(u, '/stops/open', {});
    expect(open.body.data.map((s: any) => s.id).sort()).toEqual([up.body.data.id, down.body.data.id].sort());
    expect([await bal(u.id, 'USDT'), await bal(u.id, 'LTC')]).toEqual(frozenBefore);

    // up: its limit buy at 86 rests, and a seller fills it
    await tradeAt('LTCUSDT', '85', '1');
    await order(maker.token, { symbol: 'LTCUSDT', side: 'sell', type: 'limit', price: '86', quantity: '1' });
    // down: the OCO's stop-market sells into the bid at 70, and its limit leg at 90 is cancelled
    await order(maker.token, { symbol: 'LTCUSDT', side: 'buy', type: 'limit', price: '70', quantity: '2' });
    await tradeAt('LTCUSDT', '74', '1', 'sell');
    await tradeAt('LTCUSDT', '73', '1', 'sell');
    const hist = await spot(u, '/stops/history', { symbol: 'LTCUSDT', page: 1, size: 10 });
    expect(hist.body.data.items.map((s: any) => s.status)).toEqual(['triggered', 'triggered']);
    const orders = await spot(u, '/orders/history', { symbol: 'LTCUSDT', page: 1, size: 50 });
    const fromStops = orders.body.data.items.filter((o: any) => o.clientOrderId.startsWith('stop/'));
    expect(fromStops.map((o: any) => o.clientOrderId).sort()).toEqual(
      [`stop/${up.body.data.id}`, `stop/${down.body.data.id}`].sort(),
    );
    expect(await bal(u.id, 'LTC')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    await server.restart();
    await tradeAt('LTCUSDT', '87', '1');
    await tradeAt('LTCUSDT', '72', '1', 'sell');
    const after = await spot(u, '/orders/history', { symbol: 'LTCUSDT', page: 1, size: 50 });
    expect(after.body.data.items.filter((o: any) => o.clientOrderId.startsWith('stop/'))).toHaveLength(2);
    await clean();
  });
});
