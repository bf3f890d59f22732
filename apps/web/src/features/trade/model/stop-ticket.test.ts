import { describe, expect, it } from 'vitest';
import type { SpotMarket } from '@tidemark/contract';
import { stopErrors, summarizeStop } from './stop-ticket.ts';
import { INITIAL_TICKET, type TicketContext, type TicketState } from './ticket.ts';

const SOL: SpotMarket = {
  symbol: 'SOLUSDT',
  name: 'SOL/USDT',
  base: 'SOL',
  quote: 'USDT',
  coinType: 5,
  tickSize: '0.01',
  stepSize: '0.0001',
  minNotional: '5',
  makerFee: '0.0008',
  takerFee: '0.001',
  pricePrecision: 2,
  quantityPrecision: 4,
};
const ctx: TicketContext = {
  market: SOL,
  baseAvailable: '3',
  quoteAvailable: '1000',
  bestBid: '99.99',
  bestAsk: '100',
};
const ticket = (t: Partial<TicketState>): TicketState => ({ ...INITIAL_TICKET, ...t });
const keys = (s: TicketState, last: string | null = '100') => stopErrors(s, ctx, last).map((e) => e.key);

describe('stop ticket', () => {
  it('a buy stop-limit reserves its limit value plus the higher fee rate and becomes the server request', () => {
    const s = ticket({ type: 'stop_limit', stopPrice: '105', price: '106', amount: '2' });
    expect(keys(s)).toEqual([]);
    expect(summarizeStop(s, ctx)).toEqual({
      freeze: '212.212',
      freezeCurrency: 'USDT',
      request: { symbol: 'SOLUSDT', side: 'buy', type: 'stop_limit', stopPrice: '105', price: '106', quantity: '2' },
    });
  });

  it('a trigger on the wrong side of the last price, or off the tick, is refused before any call', () => {
    expect(keys(ticket({ type: 'stop_limit', stopPrice: '100', price: '101', amount: '1' }))).toEqual([
      'ticket.error.stopAbove',
    ]);
    expect(keys(ticket({ side: 'sell', type: 'stop_market', stopPrice: '100.5', amount: '1' }))).toEqual([
      'ticket.error.stopBelow',
    ]);
    expect(keys(ticket({ side: 'sell', type: 'stop_market', stopPrice: '99.005', amount: '1' }))).toEqual([
      'ticket.error.tick',
    ]);
    expect(keys(ticket({ type: 'stop_market', amount: '10' }))).toEqual(['ticket.error.stopRequired']);
  });

  it('a stop-market buy spends USDT; a sell OCO reserves its quantity once and may leave the stop leg at market', () => {
    const buy = summarizeStop(ticket({ type: 'stop_market', stopPrice: '101', amount: '50' }), ctx);
    expect(buy.freeze).toBe('50.05');
    expect(buy.request).toMatchObject({ type: 'stop_market', quoteAmount: '50' });
    const oco = ticket({ side: 'sell', type: 'oco', price: '110', stopPrice: '95', amount: '2' });
    expect(keys(oco)).toEqual([]);
    expect(summarizeStop(oco, ctx)).toMatchObject({ freeze: '2', freezeCurrency: 'SOL' });
    expect(summarizeStop(oco, ctx).request).not.toHaveProperty('stopLimitPrice');
    expect(keys({ ...oco, price: '99' })).toEqual(['ticket.error.ocoAbove']);
    expect(keys({ ...oco, amount: '4' })).toEqual(['ticket.error.insufficient']);
  });

  it('a buy OCO needs its stop leg price and reserves the larger of its legs', () => {
    const oco = ticket({ type: 'oco', price: '95', stopPrice: '105', amount: '1' });
    expect(keys(oco)).toEqual(['ticket.error.ocoStopLimit']);
    const full = { ...oco, stopLimitPrice: '106' };
    expect(keys(full)).toEqual([]);
    expect(summarizeStop(full, ctx).freeze).toBe('106.106');
  });
});
