import { describe, expect, it } from 'vitest';
import type { FuturesPosition } from '@tidemark/contract/futures';
import { checkCallbackRate, checkStopPl, estimatedPnlAt } from './stop-pl.ts';
import { btcLong as long, wire } from './wire-contract.test-support.ts';

const btc = wire('BTCUSDT', '50000');

describe('estimatedPnlAt', () => {
  it('is the closing P&L less the taker fee, from the exact entry value', () => {
    expect(btc.takerFee).toBe('0.0005');
    // 0.01 × (51,000 − 50,000) = 10, less 510 × 0.05 % = 0.255
    expect(estimatedPnlAt(btc, long, '51000')).toBe('9.745');
    expect(estimatedPnlAt(btc, long, '49000')).toBe('-10.245');
    const short = { ...long, direction: 'short' } as FuturesPosition;
    expect(estimatedPnlAt(btc, short, '49000')).toBe('9.755');
  });

  it('is empty for a price that is not on the tick grid', () => {
    expect(estimatedPnlAt(btc, long, '')).toBeNull();
    expect(estimatedPnlAt(btc, long, '50000.05')).toBeNull();
    expect(estimatedPnlAt(btc, long, 'abc')).toBeNull();
  });
});

describe('checkCallbackRate', () => {
  it('takes 0.1 % to 10 % with at most two decimals', () => {
    for (const ok of ['', '0.1', '1', '2.55', '10', '10.00']) expect(checkCallbackRate(ok), ok).toBeNull();
    for (const bad of ['0.09', '10.01', '11', '1.234', '-1', 'x', '0'])
      expect(checkCallbackRate(bad), bad).toBe('stopPl.error.callbackRate');
  });
});

describe('checkStopPl with a trigger source', () => {
  it('leaves the "would trigger now" check of a last-price order to the server', () => {
    expect(checkStopPl(btc, long, '50050', '').takeProfit).toBe('stopPl.error.wouldTrigger');
    expect(checkStopPl(btc, long, '50050', '', { takeProfit: 'last', stopLoss: 'mark' }).takeProfit).toBeNull();
    // the open-price rule still holds on any trigger
    expect(checkStopPl(btc, long, '49000', '', { takeProfit: 'last', stopLoss: 'mark' }).takeProfit).toBe(
      'stopPl.error.takeProfitBelowOpen',
    );
  });
});
