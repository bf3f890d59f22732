import { describe, expect, it } from 'vitest';
import { bracketRequest, checkOrderBracket, EMPTY_BRACKET } from './order-bracket.ts';
import { wire } from './wire-contract.test-support.ts';

const btc = wire('BTCUSDT', '50000');
const longLimit = { direction: 'long' as const, type: 'limit' as const, price: '50000', quantity: '0.01' };

describe('checkOrderBracket', () => {
  it('estimates the P&L of closing the order at TP and SL: closing P&L less the taker fee', () => {
    const r = checkOrderBracket(btc, longLimit, { ...EMPTY_BRACKET, takeProfit: '51000', stopLoss: '49000' });
    // 0.01 × (51,000 − 50,000) = 10, less 510 × 0.05 % = 0.255; the SL: −10 less 0.245
    expect(r).toEqual({ takeProfit: null, stopLoss: null, takeProfitPnl: '9.745', stopLossPnl: '-10.245' });
    const short = checkOrderBracket(
      btc,
      { ...longLimit, direction: 'short' },
      { ...EMPTY_BRACKET, takeProfit: '49000', stopLoss: '51000' },
    );
    expect([short.takeProfitPnl, short.stopLossPnl]).toEqual(['9.755', '-10.255']);
  });

  it('refuses a TP/SL on the wrong side of the order price, naming that price', () => {
    const r = checkOrderBracket(btc, longLimit, { ...EMPTY_BRACKET, takeProfit: '50000', stopLoss: '50000.5' });
    expect(r.takeProfit).toEqual({ key: 'ticket.bracket.tpAbove', price: '50000' });
    expect(r.stopLoss).toEqual({ key: 'ticket.bracket.slBelow', price: '50000' });
    const s = checkOrderBracket(
      btc,
      { ...longLimit, direction: 'short' },
      { ...EMPTY_BRACKET, takeProfit: '50001', stopLoss: '49999' },
    );
    expect(s.takeProfit?.key).toBe('ticket.bracket.tpBelow');
    expect(s.stopLoss?.key).toBe('ticket.bracket.slAbove');
    expect(checkOrderBracket(btc, longLimit, { ...EMPTY_BRACKET, stopLoss: '49000.05' }).stopLoss?.key).toBe(
      'stopPl.error.priceInvalid',
    );
  });

  it('checks a market order against the mark, and leaves a last-price trigger to the server', () => {
    const market = { ...longLimit, type: 'market' as const, price: '' };
    expect(checkOrderBracket(btc, market, { ...EMPTY_BRACKET, stopLoss: '50000' }).stopLoss?.key).toBe(
      'ticket.bracket.slBelow',
    );
    const last = checkOrderBracket(btc, market, { ...EMPTY_BRACKET, stopLoss: '50000', stopLossTrigger: 'last' });
    expect(last.stopLoss).toBeNull();
    // estimated from the mark: 0.01 × 0 less 500 × 0.05 %
    expect(last.stopLossPnl).toBe('-0.25');
  });

  it('has no estimate before the order has a quantity', () => {
    const r = checkOrderBracket(btc, { ...longLimit, quantity: '' }, { ...EMPTY_BRACKET, takeProfit: '51000' });
    expect(r).toMatchObject({ takeProfit: null, takeProfitPnl: null });
  });
});

describe('bracketRequest', () => {
  it('sends only what was typed, each with its trigger', () => {
    expect(bracketRequest(EMPTY_BRACKET)).toEqual({});
    expect(bracketRequest({ ...EMPTY_BRACKET, stopLoss: ' 49000 ', stopLossTrigger: 'last' })).toEqual({
      stopLossPrice: '49000',
      stopLossTrigger: 'last',
    });
  });
});
