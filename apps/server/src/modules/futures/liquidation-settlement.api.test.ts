import { describe, expect, it } from 'vitest';
import { parseFixed } from '@tidemark/futures-math';
import { BTC, futuresApiSuite } from './futures.test-helpers.ts';

const t = futuresApiSuite({ start: Date.UTC(2026, 2, 3, 1, 0, 0), idPrefix: 'ls' });
const { cid, call, limit, cancelAll } = t;

const units = (s: string) => parseFixed(s, 6);

describe('futures liquidation: how it was settled', () => {
  it('returns the ticks, inputs and figures of a liquidation, publicly, and they recompute the result', async () => {
    const a = await t.h.user('1100');
    const counter = await t.h.user('100000');
    const bidder = await t.h.user('100000');
    await call(a, '/margin-mode', { symbol: BTC, marginMode: 'isolated' });
    await call(a, '/leverage', { symbol: BTC, leverage: 10 });
    await limit(counter, 'sell', '100000', '0.1');
    const buy = await call(a, '/order/place', {
      clientOrderId: cid(),
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quantity: '0.1',
    });
    expect(buy.body.data.status).toBe('filled');
    await cancelAll(counter);
    const pos = (await call(a, '/positions', { symbol: BTC })).body.data[0];
    expect(pos).toMatchObject({ estimatedLiquidationPrice: '90361.4', bankruptcyPrice: '90000' });
    // half of it can be sold in the book at 90,300; the other half is deleveraged against the counterparty
    await t.h.setIndex(BTC, '92000');
    await limit(bidder, 'buy', '90300', '0.05');
    const fundBefore = await t.h.insurance();
    t.h.resetMarkInputs(BTC);
    expect((await t.h.setIndex(BTC, '90361.4')).liquidated).toEqual([pos.id]);
    const fundAfter = await t.h.insurance();

    // public: no token
    const res = await t.server.api('/xb/v1/futures/liquidation/settlement', { positionId: pos.id });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      positionId: pos.id,
      symbol: BTC,
      direction: 'long',
      marginMode: 'isolated',
      agrees: true,
      inputs: {
        quantity: '0.1',
        openPrice: '100000',
        margin: '1000',
        markPrice: '90361.4',
        liquidationFeeRate: '0.005',
      },
      recorded: { bankruptcyPrice: '90000', marketQuantity: '0.05', adlQuantity: '0.05' },
    });
    expect(s).not.toHaveProperty('userId'); // public: nothing names the user
    const used = s.ticks.filter((t: { used: boolean }) => t.used);
    expect(used).toEqual([
      { time: s.time, indexPrice: '90361.4', sources: { test: '90361.4' }, markPrice: '90361.4', used: true },
    ]);
    expect(s.ticks.map((t: { indexPrice: string }) => t.indexPrice)).toContain('92000');

    // recompute from the returned figures alone (USDT, 6 decimals)
    const mark = units(s.inputs.markPrice);
    const value = (units(s.inputs.quantity) * mark) / 1_000_000n;
    expect(s.result.positionValue).toBe('9036.14');
    expect(value).toBe(units('9036.14'));
    const upnl = value - units(s.inputs.entryValue);
    expect(units(s.result.marginBalance)).toBe(units(s.inputs.margin) + upnl);
    // maintenance: value × MMR − amount, rounded up to a minor unit
    const mmr = units(s.inputs.maintenanceMarginRate); // rate at 6 places
    const mm = (value * mmr + 999_999n) / 1_000_000n - units(s.inputs.maintenanceAmount);
    expect(units(s.result.maintenanceMargin)).toBe(mm);
    expect(units(s.result.marginBalance) <= mm).toBe(true);
    expect(s.result.bankruptcyPrice).toBe('90000'); // (10000 − 1000) / 0.1
    expect(s.result.fills).toEqual([
      // 0.05 × (90,300 − 100,000) = −485 against 500 of margin: 15 left, less than the 22.59 fee, all to the fund
      { kind: 'market', quantity: '0.05', price: '90300', pnl: '-485', margin: '500', insurance: '15', toUser: '0' },
      { kind: 'adl', quantity: '0.05', price: '90000', pnl: '-500', margin: '500', insurance: '0', toUser: '0' },
    ]);
    expect(s.result.insuranceFund).toBe('15');
    expect(s.recorded.insuranceFund).toBe('15');
    expect(fundAfter - fundBefore).toBe(units('15'));
    expect(s.formula.trigger).toContain('maintenance margin');
    await cancelAll(bidder);
  });

  it('answers an unknown liquidation with a localized not-found', async () => {
    const res = await t.server.api('/xb/v1/futures/liquidation/settlement', { positionId: 999_999 }, { locale: 'de' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Diese Liquidation wurde nicht gefunden');
    const bad = await t.server.api('/xb/v1/futures/liquidation/settlement', { positionId: 'x' });
    expect(bad.status).toBe(400);
  });
});
