import type { TicketContext, TicketState } from './ticket.ts';
import { isMultiple, mul, rate, units } from './ticket-math.ts';

/**
 * Why the ticket cannot be sent yet (STYLE.md: the error list beside the reducer). Each error
 * names the field it belongs to and a key of the `trade` namespace (`ticket.error.*`). The server
 * checks the same rules again; these only spare the user a round trip.
 */
export interface TicketError {
  field: 'price' | 'amount' | 'balance' | 'stopPrice' | 'stopLimitPrice';
  key: string;
  params?: Record<string, string>;
}

export function ticketErrors(s: TicketState, ctx: TicketContext): TicketError[] {
  const m = ctx.market;
  const errors: TicketError[] = [];
  const amount = units(s.amount);
  const price = units(s.price);
  const tick = units(m.tickSize) ?? 0n;
  const step = units(m.stepSize) ?? 0n;
  const minNotional = units(m.minNotional) ?? 0n;
  const marketBuy = s.type === 'market' && s.side === 'buy';

  if (s.type === 'limit') {
    if (price === null || price <= 0n) errors.push({ field: 'price', key: 'ticket.error.priceRequired' });
    else if (!isMultiple(price, tick))
      errors.push({ field: 'price', key: 'ticket.error.tick', params: { tick: m.tickSize } });
  }
  // spec §5: "amount must be greater than zero"
  if (amount === null || amount <= 0n) {
    errors.push({ field: 'amount', key: 'ticket.error.amountNotPositive' });
    return errors;
  }
  if (!marketBuy && !isMultiple(amount, step))
    errors.push({ field: 'amount', key: 'ticket.error.step', params: { step: m.stepSize } });

  const notional = marketBuy
    ? amount
    : s.type === 'limit'
      ? price !== null
        ? mul(price, amount, 'floor')
        : null
      : ctx.bestBid !== null
        ? mul(units(ctx.bestBid) ?? 0n, amount, 'floor')
        : null;
  if (notional !== null && notional < minNotional)
    errors.push({ field: 'amount', key: 'ticket.error.minNotional', params: { min: m.minNotional, quote: m.quote } });

  if (s.type === 'market' && (s.side === 'buy' ? ctx.bestAsk : ctx.bestBid) === null)
    errors.push({ field: 'amount', key: 'ticket.error.noLiquidity' });

  const taker = rate(m.takerFee);
  if (s.side === 'sell') {
    if (ctx.baseAvailable !== null && amount > (units(ctx.baseAvailable) ?? 0n))
      errors.push({ field: 'balance', key: 'ticket.error.insufficient', params: { currency: m.base } });
  } else if (ctx.quoteAvailable !== null && (notional !== null || marketBuy)) {
    const spend = marketBuy ? amount : (notional ?? 0n);
    const needed = spend + mul(spend, taker, 'ceil');
    if (needed > (units(ctx.quoteAvailable) ?? 0n))
      errors.push({ field: 'balance', key: 'ticket.error.insufficient', params: { currency: m.quote } });
  }
  return errors;
}
