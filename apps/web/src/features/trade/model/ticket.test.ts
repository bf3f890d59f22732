import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SpotMarket } from '@tidemark/contract';
import { newClientOrderId } from './client-order-id.ts';
import { ticketErrors } from './errors.ts';
import { amountForPercent, summarize } from './summary.ts';
import { INITIAL_TICKET, ticketReducer, type TicketContext, type TicketState } from './ticket.ts';

const BTC: SpotMarket = {
  symbol: 'BTCUSDT',
  name: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  coinType: 1,
  tickSize: '0.01',
  stepSize: '0.00001',
  minNotional: '5',
  makerFee: '0.001',
  takerFee: '0.001',
  pricePrecision: 2,
  quantityPrecision: 5,
};
const ctx: TicketContext = {
  market: BTC,
  baseAvailable: '0.5',
  quoteAvailable: '1000',
  bestBid: '59999.99',
  bestAsk: '60000',
};
const keys = (s: TicketState, c: TicketContext = ctx) => ticketErrors(s, c).map((e) => e.key);
const limitBuy = (price: string, amount: string): TicketState => ({ ...INITIAL_TICKET, price, amount });

describe('order ticket reducer', () => {
  it('keeps typed text, refuses non-numbers and clears the amount on a side or type change', () => {
    let s = ticketReducer(INITIAL_TICKET, { type: 'price', value: '60000.5' });
    s = ticketReducer(s, { type: 'amount', value: '0.01' });
    expect(ticketReducer(s, { type: 'amount', value: '1e5' })).toBe(s);
    expect(ticketReducer(s, { type: 'amount', value: '0,5' }).amount).toBe('0.5');
    const sold = ticketReducer(s, { type: 'side', side: 'sell' });
    expect(sold.amount).toBe('');
    expect(sold.price).toBe('60000.5');
    expect(ticketReducer(s, { type: 'orderType', orderType: 'market' }).amount).toBe('');
    expect(ticketReducer(s, { type: 'submitted' })).toMatchObject({ amount: '', price: '60000.5' });
  });

  it("takes the market's price as a start only while the user has not typed one", () => {
    expect(ticketReducer(INITIAL_TICKET, { type: 'seedPrice', value: '97479.5' }).price).toBe('97479.5');
    const typed = ticketReducer(INITIAL_TICKET, { type: 'price', value: '78000' });
    expect(ticketReducer(typed, { type: 'seedPrice', value: '97479.5' }).price).toBe('78000');
  });
});

describe('order ticket summary', () => {
  it('limit buy: total, maximum fee and what is frozen, exactly', () => {
    const sum = summarize(limitBuy('60000', '0.01'), ctx);
    expect(sum.total).toBe('600');
    expect(sum.maxFee).toBe('0.6');
    expect(sum.freeze).toBe('600.6');
    expect(sum.freezeCurrency).toBe('USDT');
    expect(sum.order).toEqual({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      quantity: '0.01',
      timeInForce: 'GTC',
    });
  });

  it('market buy spends a USDT amount; the quantity is an estimate at the best ask', () => {
    const s: TicketState = { ...INITIAL_TICKET, type: 'market', amount: '120' };
    const sum = summarize(s, ctx);
    expect(sum.order).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '120' });
    expect(sum.quantity).toBe('0.002');
    expect(sum.estimated).toBe(true);
    expect(sum.freeze).toBe('120.12');
  });

  it('market sell freezes the base quantity', () => {
    const s: TicketState = { ...INITIAL_TICKET, side: 'sell', type: 'market', amount: '0.1' };
    const sum = summarize(s, ctx);
    expect(sum.order).toEqual({ symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.1' });
    expect(sum.freeze).toBe('0.1');
    expect(sum.freezeCurrency).toBe('BTC');
    expect(sum.total).toBe('5999.999');
  });
});

describe('order ticket errors', () => {
  it('says "amount must be greater than zero" for an empty or zero amount (spec §5)', () => {
    expect(keys(limitBuy('60000', ''))).toContain('ticket.error.amountNotPositive');
    expect(keys(limitBuy('60000', '0.000'))).toContain('ticket.error.amountNotPositive');
  });
  it('checks tick, step, minimum notional and balance', () => {
    expect(keys(limitBuy('60000.001', '0.001'))).toContain('ticket.error.tick');
    expect(keys(limitBuy('60000', '0.000001'))).toContain('ticket.error.step');
    expect(keys(limitBuy('100', '0.01'))).toContain('ticket.error.minNotional');
    expect(keys(limitBuy('60000', '0.02'))).toContain('ticket.error.insufficient'); // 1200 + fee > 1000
    expect(keys(limitBuy('60000', '0.01'))).toEqual([]);
    expect(keys({ ...INITIAL_TICKET, side: 'sell', price: '60000', amount: '0.6' })).toContain(
      'ticket.error.insufficient',
    );
  });
  it('while the balances are still loading, the server decides the balance — the ticket does not call it short', () => {
    const loading = { ...ctx, baseAvailable: null, quoteAvailable: null };
    expect(keys(limitBuy('60000', '0.02'), loading)).toEqual([]);
    expect(keys({ ...INITIAL_TICKET, side: 'sell', price: '60000', amount: '0.6' }, loading)).toEqual([]);
  });
  it('a market order needs liquidity on the other side', () => {
    const s: TicketState = { ...INITIAL_TICKET, type: 'market', amount: '10' };
    expect(keys(s, { ...ctx, bestAsk: null })).toContain('ticket.error.noLiquidity');
  });
});

describe('amount slider', () => {
  it('buys what the balance affords including the fee, rounded down to the step', () => {
    expect(amountForPercent(limitBuy('60000', ''), ctx, 100)).toBe('0.01665'); // 1000 / 1.001 / 60000 = 0.016650…
    expect(amountForPercent({ ...INITIAL_TICKET, type: 'market' }, ctx, 50)).toBe('499.5');
    expect(amountForPercent({ ...INITIAL_TICKET, side: 'sell' }, ctx, 25)).toBe('0.125');
    expect(amountForPercent(limitBuy('', ''), ctx, 25)).toBe('');
  });
  it('never produces an order the balance cannot pay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 100, max: 100_000_000 }),
        (pct, priceCents, balanceCents) => {
          const c: TicketContext = { ...ctx, quoteAvailable: (balanceCents / 100).toFixed(2) };
          const s = limitBuy((priceCents / 100).toFixed(2), '');
          const amount = amountForPercent(s, c, pct);
          const errs = keys({ ...s, amount }, c);
          expect(errs).not.toContain('ticket.error.insufficient');
          expect(errs).not.toContain('ticket.error.step');
        },
      ),
    );
  });
});

describe('clientOrderId', () => {
  it('is a fresh id the server accepts', () => {
    const id = newClientOrderId();
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    expect(newClientOrderId()).not.toBe(id);
  });
});
