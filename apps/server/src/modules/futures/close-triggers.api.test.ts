import { describe, expect, it } from 'vitest';
import { BTC, futuresApiSuite, type TestUser } from './futures.test-helpers.ts';

const t = futuresApiSuite({ start: Date.UTC(2026, 2, 2, 1, 0, 0), idPrefix: 'ct' });
const { user, call, limit, market, positionOf, cancelAll, expectBooksBalanced } = t;

/** A long of 0.01 BTC at 100,000 for a new user, the book left empty. */
async function openLong(mm: TestUser): Promise<TestUser> {
  const u = await user('2000');
  expect((await limit(mm, 'sell', '100000', '0.01')).status).toBe(200);
  expect((await market(u, 'buy', '0.01')).body.data).toMatchObject({ status: 'filled', averagePrice: '100000' });
  await cancelAll(mm);
  return u;
}

describe('futures close triggers: last price, trailing stop', () => {
  it('fires a take-profit on the last price when a trade reaches it, not on the mark', async () => {
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '100000');
    const mm = await user('1000000');
    const u = await openLong(mm);
    const set = await call(u, '/stop-pl/set', {
      symbol: BTC,
      takeProfitPrice: '100500',
      takeProfitTrigger: 'last',
      stopLossPrice: '99000',
    });
    expect(set.body.data).toMatchObject({
      takeProfitPrice: '100500',
      takeProfitTrigger: 'last',
      stopLossTrigger: 'mark',
    });
    // a take-profit the last trade (100,000) already reaches would fire at once: refused
    const bad = await call(u, '/stop-pl/set', { symbol: BTC, takeProfitPrice: '100000', takeProfitTrigger: 'last' });
    expect(bad.body).toMatchObject({ error: 'STOP_PRICE_INVALID', field: 'takeProfitPrice' });
    const badRate = await call(u, '/stop-pl/set', { symbol: BTC, trailingCallbackRate: '12' });
    expect(badRate.body).toMatchObject({ error: 'VALIDATION', field: 'trailingCallbackRate' });
    expect((await positionOf(u)).takeProfitPrice).toBe('100500'); // the refused calls changed nothing

    // the mark crosses 100,500 but the last trade is still 100,000: nothing fires
    await limit(mm, 'buy', '100400', '0.01');
    t.h.resetMarkInputs(BTC);
    expect((await t.h.setIndex(BTC, '100600')).triggered).toEqual([]);
    // two other accounts trade at 100,500: the last price reaches the take-profit
    const a = await user('5000');
    const b = await user('5000');
    await limit(a, 'sell', '100500', '0.001');
    expect((await market(b, 'buy', '0.001')).body.data.status).toBe('filled');
    const r = await t.h.setIndex(BTC, '100000');
    expect(r.triggered).toEqual([{ positionId: set.body.data.id, kind: 'take_profit' }]);
    const closed = (await call(u, '/positions/closed', {})).body.data.items[0];
    expect(closed).toMatchObject({ closeReason: 'take_profit', closedPrice: '100400' });
    await cancelAll(mm);
    await cancelAll(a);
    await expectBooksBalanced();
  });

  it('moves a trailing stop with the high, keeps it across a restart and fires it once on the retracement', async () => {
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '100000');
    const mm = await user('1000000');
    const u = await openLong(mm);
    const set = await call(u, '/stop-pl/set', { symbol: BTC, trailingCallbackRate: '1' });
    expect(set.body.data.trailingStop).toMatchObject({ callbackRate: '1', trigger: 'mark', watermark: '100000' });
    expect(set.body.data.trailingStop.stopPrice).toBe('99000');
    await t.h.setIndex(BTC, '102000');
    expect((await positionOf(u)).trailingStop).toMatchObject({ watermark: '102000', stopPrice: '100980' });

    // a restart: the watermark comes back from the database
    await t.restart();
    t.h.resetMarkInputs(BTC);
    expect((await t.h.setIndex(BTC, '101000')).triggered).toEqual([]);
    expect((await positionOf(u)).trailingStop).toMatchObject({ watermark: '102000' });

    // the retracement reaches 1 % but nobody bids: the close finds no liquidity, the stop stays on the position
    const id = set.body.data.id;
    expect((await t.h.setIndex(BTC, '100980')).triggered).toEqual([{ positionId: id, kind: 'trailing_stop' }]);
    expect((await positionOf(u)).trailingStop).toMatchObject({ watermark: '102000' });
    // next tick, with a bid: the whole position closes, once
    await limit(mm, 'buy', '100900', '0.02');
    expect((await t.h.setIndex(BTC, '100970')).triggered).toEqual([{ positionId: id, kind: 'trailing_stop' }]);
    expect((await t.h.setIndex(BTC, '100900')).triggered).toEqual([]);
    expect((await t.h.setIndex(BTC, '100000')).triggered).toEqual([]);
    const history = (await call(u, '/orders/history', {})).body.data.items;
    const closes = history.filter((o: { source: string }) => o.source === 'stop_loss');
    expect(closes.map((o: { status: string; filledQuantity: string }) => [o.status, o.filledQuantity])).toEqual([
      ['filled', '0.01'],
      ['cancelled', '0'],
    ]);
    expect((await call(u, '/positions/closed', {})).body.data.items[0]).toMatchObject({
      closeReason: 'stop_loss',
      closedPrice: '100900',
    });
    await cancelAll(mm);
    await expectBooksBalanced();
  }, 60_000);

  it('waits for the activation price before following (short)', async () => {
    t.h.resetMarkInputs(BTC);
    await t.h.setIndex(BTC, '100000');
    const mm = await user('1000000');
    const u = await user('2000');
    await limit(mm, 'buy', '100000', '0.01');
    expect((await market(u, 'sell', '0.01')).body.data.status).toBe('filled');
    await cancelAll(mm);
    const set = await call(u, '/stop-pl/set', {
      symbol: BTC,
      trailingCallbackRate: '0.5',
      trailingActivationPrice: '99000',
    });
    expect(set.body.data.trailingStop).toMatchObject({ activationPrice: '99000', watermark: null, stopPrice: null });
    // a rise before activation does not fire it
    expect((await t.h.setIndex(BTC, '100800')).triggered).toEqual([]);
    await t.h.setIndex(BTC, '99000');
    await t.h.setIndex(BTC, '98500');
    expect((await positionOf(u)).trailingStop).toMatchObject({ watermark: '98500', stopPrice: '98992.5' });
    // closing the position by hand leaves the trigger nothing to do
    await limit(mm, 'sell', '98500', '0.01');
    expect((await market(u, 'buy', '0.01')).body.data.status).toBe('filled');
    expect((await t.h.setIndex(BTC, '99500')).triggered).toEqual([]);
    expect(await positionOf(u)).toBeUndefined();
    await cancelAll(mm);
    await expectBooksBalanced();
  });
});
