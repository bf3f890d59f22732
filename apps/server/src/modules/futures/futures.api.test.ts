import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BTC, futuresApiSuite, type TestUser } from './futures.test-helpers.ts';

const t = futuresApiSuite({ start: Date.UTC(2026, 2, 1, 1, 0, 0), idPrefix: 't' });
const { clock, cid, user, call, limit, market, positionOf, cancelAll, expectBooksBalanced } = t;

/**
 * A long of 0.1 BTC at 100,000 for `u` in `marginMode` at `leverage` (a 10× isolated one unless told), against a
 * short of `counter` (the book is left empty).
 */
async function openLong(u: TestUser, counter: TestUser, marginMode: 'cross' | 'isolated' = 'isolated', leverage = 10) {
  expect((await call(u, '/margin-mode', { symbol: BTC, marginMode })).status).toBe(200);
  expect((await call(u, '/leverage', { symbol: BTC, leverage })).body.data).toMatchObject({ leverage, marginMode });
  expect((await limit(counter, 'sell', '100000', '0.1')).status).toBe(200);
  const buy = await market(u, 'buy', '0.1');
  expect(buy.body.data).toMatchObject({ status: 'filled', filledQuantity: '0.1', averagePrice: '100000' });
  await cancelAll(counter);
  return positionOf(u);
}

describe('futures: contracts, settings, orders', () => {
  it('lists contracts with their tiers and the mark price', async () => {
    const res = await t.server.api('/xb/v1/futures/contracts', {});
    const btc = res.body.data.find((c: any) => c.symbol === BTC);
    expect(btc).toMatchObject({ maxLeverage: 100, tickSize: '0.1', markPrice: '100000', indexPrice: '100000' });
    expect(btc.tiers[1]).toMatchObject({
      bracket: 2,
      notionalFloor: '50000',
      maintMarginRatio: '0.005',
      maintAmount: '50',
    });
  });

  it('refuses a margin-mode change with an open order, bad leverage, a price outside the band', async () => {
    const u = await user('5000');
    expect((await call(u, '/leverage', { symbol: BTC, leverage: 101 })).status).toBe(400);
    expect((await limit(u, 'buy', '80000', '0.01')).body.error).toBe('PRICE_OUT_OF_BAND');
    const o = await limit(u, 'buy', '99000', '0.01');
    // a contract the user never set starts at the modest default (5×)
    expect(o.body.data).toMatchObject({ status: 'new', reduceOnly: false, marginMode: 'cross', leverage: 5 });
    // 990 USDT notional at 5×: 198 margin + fee reserve 0.495 frozen
    expect(await t.h.wallet(u.id)).toEqual({ available: t.h.units('4801.505'), frozen: t.h.units('198.495') });
    expect((await call(u, '/margin-mode', { symbol: BTC, marginMode: 'isolated' })).body.error).toBe(
      'MARGIN_MODE_LOCKED',
    );
    // idempotent by clientOrderId; another body under the same id is a conflict
    const again = await call(u, '/order/place', {
      clientOrderId: o.body.data.clientOrderId,
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '99000',
      quantity: '0.01',
    });
    expect(again.body.data.id).toBe(o.body.data.id);
    const other = await call(u, '/order/place', {
      clientOrderId: o.body.data.clientOrderId,
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '99000',
      quantity: '0.02',
    });
    expect(other.status).toBe(409);
    expect((await call(u, '/order/cancel', { orderId: o.body.data.id })).body.data.status).toBe('cancelled');
    expect(await t.h.wallet(u.id)).toEqual({ available: t.h.units('5000'), frozen: 0n });
    expect((await call(u, '/margin-mode', { symbol: BTC, marginMode: 'isolated' })).body.data.marginMode).toBe(
      'isolated',
    );
    await expectBooksBalanced();
  });
});

describe('futures: liquidation, insurance fund, auto-deleverage', () => {
  it('auto-deleverages the most profitable opposite position when the insurance fund is empty', async () => {
    expect(await t.h.insurance()).toBe(0n);
    const a = await user('1100');
    const counter = await user('100000');
    const pos = await openLong(a, counter);
    expect(pos).toMatchObject({
      direction: 'long',
      quantity: '0.1',
      openPrice: '100000',
      margin: '1000',
      bankruptcyPrice: '90000',
    });
    const liq = pos.estimatedLiquidationPrice; // (10000 − 1000) / (0.1 × 0.996) = 90361.44… → 90361.4
    expect(liq).toBe('90361.4');
    const r = await t.h.setIndex(BTC, '90361.5');
    expect(r.liquidated).toEqual([]);
    const r2 = await t.h.setIndex(BTC, liq);
    expect(r2.mark).toBe(903614n);
    expect(r2.liquidated).toEqual([pos.id]);
    // no bids: the whole position was deleveraged against the counterparty's short at the bankruptcy price
    const closed = (await call(counter, '/positions/closed', {})).body.data.items[0];
    expect(closed).toMatchObject({ direction: 'short', closeReason: 'adl', closedPrice: '90000', realizedPnl: '1000' });
    const mine = (await call(a, '/positions/closed', {})).body.data.items[0];
    expect(mine).toMatchObject({ closeReason: 'liquidation', closedPrice: '90000', realizedPnl: '-1000' });
    expect(await t.h.insurance()).toBe(0n);
    await expectBooksBalanced();
  });

  it('liquidates a 10× long within one tick of its estimated price, the fee going to the insurance fund', async () => {
    await t.h.setIndex(BTC, '100000');
    const a = await user('1100');
    const counter = await user('100000');
    const bidder = await user('100000');
    const pos = await openLong(a, counter);
    expect(pos.estimatedLiquidationPrice).toBe('90361.4');
    expect((await limit(bidder, 'buy', '95000', '0.1')).status).toBe(200); // a bid between liquidation and bankruptcy
    await t.h.setIndex(BTC, '95000');
    await cancelAll(bidder);
    await limit(bidder, 'buy', '90300', '0.1');
    await t.h.setIndex(BTC, '92000');
    expect((await t.h.setIndex(BTC, '90361.5')).liquidated).toEqual([]);
    expect((await t.h.setIndex(BTC, '90361.4')).liquidated).toEqual([pos.id]);
    // sold at 90,300 — 300 above bankruptcy: 30 USDT left, all of it (< 0.5 % fee) to the fund
    expect(await t.h.insurance()).toBe(t.h.units('30'));
    expect(await positionOf(bidder)).toMatchObject({ direction: 'long', quantity: '0.1', openPrice: '90300' });
    await expectBooksBalanced();
  });

  it('takes a shortfall from the insurance fund when the mark gaps through the bankruptcy price', async () => {
    await t.h.fundInsurance('500');
    const fundBefore = await t.h.insurance();
    const a = await user('1100');
    const counter = await user('100000');
    const bidder = await user('100000');
    await t.h.setIndex(BTC, '100000');
    const pos = await openLong(a, counter);
    await limit(bidder, 'buy', '95500', '0.1');
    await t.h.setIndex(BTC, '95500');
    await cancelAll(bidder);
    await limit(bidder, 'buy', '90700', '0.1'); // inside the band of the mark below
    await t.h.setIndex(BTC, '93000');
    await t.h.setIndex(BTC, '91000');
    await cancelAll(bidder);
    // the mark jumps from above the liquidation price to below bankruptcy (90,000) in one tick
    await limit(bidder, 'buy', '89800', '0.1');
    const r = await t.h.setIndex(BTC, '89900');
    expect(r.liquidated).toEqual([pos.id]);
    // sold at 89,800: 0.1 × 200 = 20 USDT beyond bankruptcy, paid by the fund
    expect(await t.h.insurance()).toBe(fundBefore - t.h.units('20'));
    const mine = (await call(a, '/positions/closed', {})).body.data.items[0];
    expect(mine).toMatchObject({ closeReason: 'liquidation', closedPrice: '89800' });
    // the liquidated user keeps only what was never at stake: 1100 − 1000 margin − 5 fee
    expect(await t.h.wallet(a.id)).toEqual({ available: t.h.units('95'), frozen: 0n });
    await expectBooksBalanced();
  });
});

describe('futures: TP/SL, closes, margin, funding', () => {
  // every test here starts from the same index and must leave the books balanced
  beforeEach(() => t.h.setIndex(BTC, '100000'));
  afterEach(() => expectBooksBalanced());

  it('validates TP/SL and fires the take-profit and the stop-loss on the mark', async () => {
    const u = await user('2000');
    const mm = await user('1000000');
    await limit(mm, 'sell', '100000', '0.01');
    await market(u, 'buy', '0.01');
    await cancelAll(mm);
    const bad = await call(u, '/stop-pl/set', { symbol: BTC, stopLossPrice: '100100' });
    expect(bad.body).toMatchObject({ error: 'STOP_PRICE_INVALID', field: 'stopLossPrice' });
    const badZh = await t.server.api(
      '/xb/v1/futures/stop-pl/set',
      { symbol: BTC, takeProfitPrice: '99000' },
      { token: u.token, locale: 'zh_cn' },
    );
    expect(badZh.body.message).toBe('做多时，止盈价不能低于开仓价');
    const ok = await call(u, '/stop-pl/set', { symbol: BTC, takeProfitPrice: '101000', stopLossPrice: '99000' });
    expect(ok.body.data).toMatchObject({ takeProfitPrice: '101000', stopLossPrice: '99000', warning: null });
    await limit(mm, 'buy', '100900', '0.01');
    expect((await t.h.setIndex(BTC, '100900')).triggered).toEqual([]);
    const r = await t.h.setIndex(BTC, '101000');
    expect(r.triggered).toEqual([{ positionId: ok.body.data.id, kind: 'take_profit' }]);
    const closed = (await call(u, '/positions/closed', {})).body.data.items[0];
    expect(closed).toMatchObject({ closeReason: 'take_profit', closedPrice: '100900', realizedPnl: '9' });
    const history = (await call(u, '/orders/history', {})).body.data.items;
    expect(history[0]).toMatchObject({ source: 'take_profit', status: 'filled', reduceOnly: true });

    // a short with a stop-loss
    await limit(mm, 'buy', '101000', '0.01');
    await market(u, 'sell', '0.01');
    await cancelAll(mm);
    expect((await call(u, '/stop-pl/set', { symbol: BTC, stopLossPrice: '102000' })).status).toBe(200);
    await limit(mm, 'sell', '102050', '0.01');
    const s = await t.h.setIndex(BTC, '102000');
    expect(s.triggered[0]).toMatchObject({ kind: 'stop_loss' });
    expect((await call(u, '/positions/closed', {})).body.data.items[0]).toMatchObject({
      closeReason: 'stop_loss',
      closedPrice: '102050',
    });
    await cancelAll(mm);
  });

  it('closes partially, fast-closes, adds and removes isolated margin', async () => {
    const u = await user('3000');
    const mm = await user('1000000');
    await call(u, '/margin-mode', { symbol: BTC, marginMode: 'isolated' });
    await call(u, '/leverage', { symbol: BTC, leverage: 10 });
    await limit(mm, 'sell', '100000', '0.02');
    await market(u, 'buy', '0.02');
    let p = await positionOf(u);
    expect(p).toMatchObject({ margin: '200', quantity: '0.02', closableQuantity: '0.02', positionValue: '2000' });
    expect(p.estimatedLiquidationPrice).toBe('90361.4');
    const warned = await t.server.api(
      '/xb/v1/futures/stop-pl/set',
      { symbol: BTC, stopLossPrice: '90000' },
      { token: u.token, locale: 'de' },
    );
    expect(warned.body.data.warning).toBe(
      'Der Stop-Loss liegt jenseits des geschätzten Liquidationspreises: die Liquidation käme zuerst',
    );
    expect((await call(u, '/stop-pl/set', { symbol: BTC, stopLossPrice: null })).body.data.stopLossPrice).toBeNull();
    const add = await call(u, '/position/margin', { requestId: 'm1', symbol: BTC, action: 'add', amount: '50' });
    expect(add.body.data.margin).toBe('250');
    expect(
      (await call(u, '/position/margin', { requestId: 'm1', symbol: BTC, action: 'add', amount: '50' })).body.data
        .margin,
    ).toBe('250');
    const tooMuch = await call(u, '/position/margin', { requestId: 'm2', symbol: BTC, action: 'remove', amount: '60' });
    expect(tooMuch.body.error).toBe('MARGIN_REMOVE_TOO_MUCH');
    expect(
      (await call(u, '/position/margin', { requestId: 'm3', symbol: BTC, action: 'remove', amount: '50' })).body.data
        .margin,
    ).toBe('200');

    await limit(mm, 'buy', '100000', '0.02');
    const part = await call(u, '/position/close', { clientOrderId: cid(), symbol: BTC, quantity: '0.005' });
    expect(part.body.data).toMatchObject({ source: 'close', filledQuantity: '0.005', reduceOnly: true });
    p = await positionOf(u);
    expect(p).toMatchObject({ quantity: '0.015', margin: '150' });
    const fast = await call(u, '/position/close', { clientOrderId: cid(), symbol: BTC });
    expect(fast.body.data.filledQuantity).toBe('0.015');
    expect(await positionOf(u)).toBeUndefined();
    expect((await call(u, '/position/close', { clientOrderId: cid(), symbol: BTC })).body.error).toBe('NO_POSITION');
    await cancelAll(mm);
  });

  it('settles funding at the interval boundary between longs and shorts, summing to zero', async () => {
    const long = await user('5000');
    const short = await user('5000');
    await limit(short, 'sell', '100000', '0.03');
    await market(long, 'buy', '0.03');
    const info = (await t.server.api('/xb/v1/futures/funding/info', { symbol: BTC })).body.data[0];
    expect(info).toMatchObject({ symbol: BTC, intervalHours: 8 });
    expect(info.countdown).toBeGreaterThan(0);
    clock.set(info.nextFundingTime - 500);
    await t.h.setIndex(BTC, '100000'); // the tick that crosses the boundary settles it
    const paid = (await call(long, '/funding/history', {})).body.data.items;
    const got = (await call(short, '/funding/history', {})).body.data.items;
    expect(paid).toHaveLength(1);
    expect(got).toHaveLength(1);
    expect(BigInt(t.h.units(paid[0].amount.replace('-', ''))) > 0n).toBe(true);
    expect(t.h.units(paid[0].amount.replace(/^-/, ''))).toBe(t.h.units(got[0].amount));
    expect(paid[0].amount.startsWith('-')).toBe(paid[0].rate.startsWith('-') ? false : true);
    expect((await positionOf(long)).positionInterest).toBe(paid[0].amount);
  });
});

describe('futures: the mark tick judges every position in one batch', () => {
  it('liquidates exactly the one position of several that crosses its liquidation price', async () => {
    await t.h.setIndex(BTC, '100000');
    const counter = await user('1000000');
    const bidder = await user('100000');
    const tenX = await user('1100');
    const fiveX = await user('2100');
    const cross = await user('5000');
    const target = await openLong(tenX, counter, 'isolated', 10);
    const safer = await openLong(fiveX, counter, 'isolated', 5);
    const wide = await openLong(cross, counter, 'cross', 20);
    expect(target.estimatedLiquidationPrice).toBe('90361.4');
    expect(Number(safer.estimatedLiquidationPrice)).toBeLessThan(90361.4);
    expect(Number(wide.estimatedLiquidationPrice)).toBeLessThan(90361.4);
    // the mark is the median of the funding price, the basis price and the last trade (decision 0007): with
    // the funding basis and the EMA of earlier tests forgotten and the last trade (at 100 000) above, it is the
    // index, so the liquidation price can be approached exactly
    t.h.resetMarkInputs(BTC);
    const shortBefore = await positionOf(counter);
    await t.h.setIndex(BTC, '95000');
    await t.h.setIndex(BTC, '92000');
    await limit(bidder, 'buy', '90300', '0.1'); // takes the liquidation order, so no one is deleveraged
    expect((await t.h.setIndex(BTC, '90361.5')).liquidated).toEqual([]);
    const r = await t.h.setIndex(BTC, '90361.4');
    expect(r.liquidated).toEqual([target.id]);
    expect(r.triggered).toEqual([]);
    expect(await positionOf(tenX)).toBeUndefined();
    expect(await positionOf(fiveX)).toMatchObject({ id: safer.id, quantity: '0.1', margin: safer.margin });
    expect(await positionOf(cross)).toMatchObject({ id: wide.id, quantity: '0.1' });
    expect(await positionOf(counter)).toMatchObject({ id: shortBefore.id, quantity: shortBefore.quantity });
    expect(await positionOf(bidder)).toMatchObject({ direction: 'long', quantity: '0.1', openPrice: '90300' });
    await expectBooksBalanced();
  });
});

describe('futures: the platform market maker cannot hold the mark away from the index', () => {
  /**
   * `quoter` quotes both sides 0.25 % above the index (as if the mark were there), deep enough for the impact
   * notional; two basis windows later `taker` takes some of it. Returns the mark the next index tick sets.
   */
  async function quoteAndTrade(quoter: TestUser, taker: TestUser) {
    expect((await limit(quoter, 'buy', '100240', '0.3')).status).toBe(200);
    expect((await limit(quoter, 'sell', '100260', '0.3')).status).toBe(200);
    clock.advance(60_000);
    const bought = await market(taker, 'buy', '0.01');
    expect(bought.body.data).toMatchObject({ status: 'filled', averagePrice: '100260' });
    return (await t.h.setIndex(BTC, '100000')).mark;
  }

  it('leaves the platform maker out of the basis; independent quotes and trades still move the mark', async () => {
    await t.h.setIndex(BTC, '100000');
    t.h.resetMarkInputs(BTC);
    const maker = await user('1000000');
    t.h.futures().addPlatformAccount(maker.id);
    const taker = await user('100000');
    // 100 000.0: neither the platform maker's quotes nor a trade with it move the mark
    expect(await quoteAndTrade(maker, taker)).toBe(1_000_000n);
    await cancelAll(maker);

    // the same quotes and a trade between independent accounts are the market: the mark follows them
    const quoter = await user('1000000');
    const moved = await quoteAndTrade(quoter, taker);
    expect(moved).toBeGreaterThan(1_002_000n);
    expect(moved).toBeLessThanOrEqual(1_002_600n);
    await cancelAll(quoter);
  });
});

describe('futures: the ADL indicator', () => {
  it('lights a position in profit among its side, and none for a position at a loss', async () => {
    await t.h.setIndex(BTC, '100000');
    const a = await user('20000');
    const counter = await user('100000');
    await openLong(a, counter);
    await t.h.setIndex(BTC, '101000');
    const long = await positionOf(a);
    expect(long.adlRank).toBeGreaterThanOrEqual(1);
    expect(long.adlRank).toBeLessThanOrEqual(5);
    expect((await positionOf(counter)).adlRank).toBeNull();
  });
});
