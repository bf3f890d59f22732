import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { serverForSuite } from '../../testing/test-server.ts';
import { futuresHarness } from './futures.test-helpers.ts';

process.env.FUTURES_TICK_MS = '0'; // the test drives every tick

let h: Awaited<ReturnType<typeof futuresHarness>>;
const clock = new ManualClock(Date.UTC(2026, 2, 3, 1, 0, 0));
const BTC = 'BTCUSDT';
let seq = 0;
const cid = () => `ob${(seq += 1)}`;

type U = { id: number; token: string };
const call = (u: U, path: string, body: object, locale?: string) =>
  server.api(`/xb/v1/futures${path}`, body, locale ? { token: u.token, locale } : { token: u.token });
const place = (u: U, body: object, locale?: string) =>
  call(u, '/order/place', { clientOrderId: cid(), symbol: BTC, ...body }, locale);
const positionOf = async (u: U) => (await call(u, '/positions', { symbol: BTC })).body.data[0];
const cancelAll = async (u: U) => {
  for (const o of (await call(u, '/orders/open', {})).body.data) await call(u, '/order/cancel', { orderId: o.id });
};
async function expectBooksBalanced() {
  const c = await h.check();
  expect(c.problems).toEqual([]);
  expect(c.clearing).toBe(c.expectedClearing);
}

const server = serverForSuite({ clock });
beforeAll(async () => {
  h = await futuresHarness(server, clock);
  await h.setIndex(BTC, '100000');
});

describe('futures TP/SL given with the order', () => {
  it('refuses a TP/SL on the wrong side of the order price, in the caller language, and changes nothing', async () => {
    h.resetMarkInputs(BTC);
    await h.setIndex(BTC, '100000');
    const u = await h.user('2000');
    const cases: Array<[object, string, string]> = [
      [{ side: 'buy', type: 'limit', price: '99000', takeProfitPrice: '98000' }, 'takeProfitPrice', '99000'],
      [{ side: 'buy', type: 'limit', price: '99000', stopLossPrice: '99500' }, 'stopLossPrice', '99000'],
      [{ side: 'sell', type: 'limit', price: '101000', takeProfitPrice: '101500' }, 'takeProfitPrice', '101000'],
      [{ side: 'sell', type: 'limit', price: '101000', stopLossPrice: '100500' }, 'stopLossPrice', '101000'],
      // a market order: against the mark it watches now (one that would fire at once)
      [{ side: 'buy', type: 'market', takeProfitPrice: '100000' }, 'takeProfitPrice', '100000'],
    ];
    for (const [body, field, price] of cases) {
      const res = await place(u, { quantity: '0.01', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ error: 'STOP_PRICE_INVALID', field });
      expect(res.body.message).toContain(price);
    }
    const de = await place(
      u,
      { side: 'buy', type: 'limit', price: '99000', quantity: '0.01', stopLossPrice: '99500' },
      'de',
    );
    expect(de.body.message).toBe(
      'Bei Long muss der Stop-Loss unter 99000 liegen (dem Preis, zu dem diese Order eröffnet)',
    );
    const reduce = await place(u, {
      side: 'sell',
      type: 'market',
      quantity: '0.01',
      reduceOnly: true,
      stopLossPrice: '101000',
    });
    expect(reduce.body).toMatchObject({ error: 'VALIDATION', field: 'reduceOnly' });
    const last = await place(u, {
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      stopLossPrice: '99000',
      stopLossTrigger: 'last',
    });
    // nothing has traded in this contract yet: there is no last price to check it against
    expect(last.body).toMatchObject({ error: 'PRICE_UNAVAILABLE', field: 'stopLossTrigger' });
    expect((await call(u, '/orders/open', {})).body.data).toEqual([]);
    expect(await positionOf(u)).toBeUndefined();
  });

  it('writes the TP/SL into the position a market order opens; a retry is not applied twice; the TP fires once', async () => {
    h.resetMarkInputs(BTC);
    await h.setIndex(BTC, '100000');
    const mm = await h.user('1000000');
    const u = await h.user('2000');
    expect((await place(mm, { side: 'sell', type: 'limit', price: '100000', quantity: '0.02' })).status).toBe(200);
    const body = {
      clientOrderId: 'bracket-once',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      takeProfitPrice: '101000',
      stopLossPrice: '99000',
    };
    const first = await place(u, body);
    expect(first.body.data).toMatchObject({ status: 'filled', averagePrice: '100000' });
    const again = await place(u, body);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await place(u, { ...body, takeProfitPrice: '102000' });
    expect(other.body.error).toBe('DUPLICATE_CLIENT_ORDER_ID');
    const pos = await positionOf(u);
    expect(pos).toMatchObject({
      quantity: '0.01',
      takeProfitPrice: '101000',
      takeProfitTrigger: 'mark',
      stopLossPrice: '99000',
      stopLossTrigger: 'mark',
    });
    await cancelAll(mm);
    // the mark reaches the TP with a bid there: the position closes once, reduce-only
    expect((await place(mm, { side: 'buy', type: 'limit', price: '100500', quantity: '0.05' })).status).toBe(200);
    h.resetMarkInputs(BTC);
    expect((await h.setIndex(BTC, '101000')).triggered).toEqual([{ positionId: pos.id, kind: 'take_profit' }]);
    expect((await h.setIndex(BTC, '101100')).triggered).toEqual([]);
    expect(await positionOf(u)).toBeUndefined();
    const closes = (await call(u, '/orders/history', {})).body.data.items.filter(
      (o: { source: string }) => o.source === 'take_profit',
    );
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({ reduceOnly: true, filledQuantity: '0.01' });
    await cancelAll(mm);
    await expectBooksBalanced();
  });

  it('keeps the TP/SL of a resting limit order across a restart and hands it over when the order fills', async () => {
    h.resetMarkInputs(BTC);
    await h.setIndex(BTC, '100000');
    const u = await h.user('2000');
    const resting = await place(u, {
      side: 'sell',
      type: 'limit',
      price: '100200',
      quantity: '0.01',
      takeProfitPrice: '99000',
      takeProfitTrigger: 'last',
      stopLossPrice: '101500',
    });
    expect(resting.body.data.status).toBe('new');
    expect(await positionOf(u)).toBeUndefined();

    await server.restart();
    h = await futuresHarness(server, clock);
    h.resetMarkInputs(BTC);
    await h.setIndex(BTC, '100100');

    const taker = await h.user('5000');
    expect((await place(taker, { side: 'buy', type: 'market', quantity: '0.01' })).body.data.status).toBe('filled');
    expect(await positionOf(u)).toMatchObject({
      direction: 'short',
      takeProfitPrice: '99000',
      takeProfitTrigger: 'last',
      stopLossPrice: '101500',
      stopLossTrigger: 'mark',
    });
    // the taker's own position carries nothing: the TP/SL was the maker's
    expect(await positionOf(taker)).toMatchObject({ takeProfitPrice: null, stopLossPrice: null });
    await expectBooksBalanced();
  }, 60_000);

  it('drops the TP/SL of an order that only reduced a position on the other side', async () => {
    h.resetMarkInputs(BTC);
    await h.setIndex(BTC, '100000');
    const mm = await h.user('1000000');
    const u = await h.user('3000');
    await place(mm, { side: 'sell', type: 'limit', price: '100000', quantity: '0.02' });
    expect((await place(u, { side: 'buy', type: 'market', quantity: '0.02' })).body.data.status).toBe('filled');
    await cancelAll(mm);
    await place(mm, { side: 'buy', type: 'limit', price: '100000', quantity: '0.01' });
    const sold = await place(u, { side: 'sell', type: 'market', quantity: '0.01', stopLossPrice: '100500' });
    expect(sold.body.data.status).toBe('filled');
    // the long that is left keeps no TP/SL: a short's stop-loss above would mean nothing to it
    expect(await positionOf(u)).toMatchObject({ direction: 'long', quantity: '0.01', stopLossPrice: null });
    await cancelAll(mm);
    await expectBooksBalanced();
  });
});
