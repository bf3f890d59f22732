import type { PlaceStopRequest } from '@tidemark/contract/spot-stops';
import type { TicketError } from './errors.ts';
import type { TicketContext, TicketState, TicketType } from './ticket.ts';
import { isMultiple, mul, rate, text, textAt, units } from './ticket-math.ts';

/**
 * The stop ticket (stop-limit, stop-market, OCO) as pure functions beside the plain ticket: what it would place,
 * what it reserves, and what blocks it. The server's rules (docs/decisions/0024-spot-stop-orders.md): a buy stop
 * fires when the last price rises to its trigger, a sell stop when it falls to it, so the trigger must lie on that
 * side of the last price; an OCO's limit leg lies on the other side; a stop-market buy is given as USDT to spend.
 * What it reserves is what the order it places will need — for an OCO, the larger of its two legs.
 */
export type StopTicketType = Extract<TicketType, 'stop_limit' | 'stop_market' | 'oco'>;

export const isStopType = (t: TicketType): t is StopTicketType =>
  t === 'stop_limit' || t === 'stop_market' || t === 'oco';

export interface StopSummary {
  freeze: string | null;
  freezeCurrency: string;
  /** the request body without its clientOrderId, or null while something is missing */
  request: Omit<PlaceStopRequest, 'clientOrderId'> | null;
}

/** Whether the amount field holds USDT to spend (a stop-market buy) rather than a base quantity. */
export const spendsQuote = (s: Pick<TicketState, 'type' | 'side'>) => s.type === 'stop_market' && s.side === 'buy';

export function summarizeStop(s: TicketState, ctx: TicketContext): StopSummary {
  const m = ctx.market;
  const qd = m.pricePrecision + m.quantityPrecision;
  const buyFee = maxRate(m.makerFee, m.takerFee);
  const out: StopSummary = { freeze: null, freezeCurrency: s.side === 'buy' ? m.quote : m.base, request: null };
  const stop = positive(s.stopPrice);
  const price = positive(s.price);
  const stopLimit = positive(s.stopLimitPrice);
  const amount = positive(s.amount);
  const type = s.type;
  if (amount === null || !isStopType(type)) return out;
  const buyReserve = (p: bigint) => {
    const total = mul(p, amount, 'ceil');
    return total + mul(total, buyFee, 'ceil');
  };
  if (type === 'stop_market') {
    out.freeze = s.side === 'sell' ? text(amount) : textAt(amount + mul(amount, rate(m.takerFee), 'ceil'), qd, 'ceil');
    if (stop !== null)
      out.request = {
        symbol: m.symbol,
        side: s.side,
        type: 'stop_market',
        stopPrice: text(stop),
        ...(s.side === 'buy' ? { quoteAmount: text(amount) } : { quantity: text(amount) }),
      };
    return out;
  }
  if (price === null) return out;
  if (s.side === 'sell') out.freeze = text(amount);
  else {
    const legs = [buyReserve(price), ...(s.type === 'oco' && stopLimit !== null ? [buyReserve(stopLimit)] : [])];
    out.freeze = textAt(
      legs.reduce((a, b) => (a > b ? a : b)),
      qd,
      'ceil',
    );
  }
  if (stop !== null)
    out.request = {
      symbol: m.symbol,
      side: s.side,
      type,
      stopPrice: text(stop),
      price: text(price),
      quantity: text(amount),
      ...(s.type === 'oco' && stopLimit !== null ? { stopLimitPrice: text(stopLimit) } : {}),
    };
  return out;
}

/** What blocks the stop ticket; `last` is the market's last trade price (null before its first trade). */
export function stopErrors(s: TicketState, ctx: TicketContext, last: string | null): TicketError[] {
  const m = ctx.market;
  const errors: TicketError[] = [];
  const tick = units(m.tickSize) ?? 0n;
  const step = units(m.stepSize) ?? 0n;
  const min = units(m.minNotional) ?? 0n;
  const lastU = last === null ? null : units(last);
  const stop = positive(s.stopPrice);
  const price = positive(s.price);
  const stopLimit = positive(s.stopLimitPrice);
  const amount = positive(s.amount);
  const onTick = (field: TicketError['field'], v: bigint | null, required: boolean) => {
    if (v === null) {
      if (required)
        errors.push({ field, key: field === 'stopPrice' ? 'ticket.error.stopRequired' : 'ticket.error.priceRequired' });
    } else if (!isMultiple(v, tick)) errors.push({ field, key: 'ticket.error.tick', params: { tick: m.tickSize } });
  };
  onTick('stopPrice', stop, true);
  if (s.type !== 'stop_market') onTick('price', price, true);
  if (s.type === 'oco') {
    onTick('stopLimitPrice', stopLimit, false);
    if (s.side === 'buy' && stopLimit === null)
      errors.push({ field: 'stopLimitPrice', key: 'ticket.error.ocoStopLimit' });
  }
  if (stop !== null && lastU !== null) {
    if (s.side === 'buy' && stop <= lastU)
      errors.push({ field: 'stopPrice', key: 'ticket.error.stopAbove', params: { last: last! } });
    if (s.side === 'sell' && stop >= lastU)
      errors.push({ field: 'stopPrice', key: 'ticket.error.stopBelow', params: { last: last! } });
  }
  if (s.type === 'oco' && price !== null && lastU !== null) {
    if (s.side === 'sell' && price <= lastU)
      errors.push({ field: 'price', key: 'ticket.error.ocoAbove', params: { last: last! } });
    if (s.side === 'buy' && price >= lastU)
      errors.push({ field: 'price', key: 'ticket.error.ocoBelow', params: { last: last! } });
  }
  if (amount === null) {
    errors.push({ field: 'amount', key: 'ticket.error.amountNotPositive' });
    return errors;
  }
  if (!spendsQuote(s) && !isMultiple(amount, step))
    errors.push({ field: 'amount', key: 'ticket.error.step', params: { step: m.stepSize } });
  // the value checked against the minimum: the USDT to spend, or the quantity at the price it will trade near
  const at = s.type === 'stop_market' ? stop : s.type === 'oco' ? lower(price, stopLimit ?? stop) : price;
  const notional = spendsQuote(s) ? amount : at === null ? null : mul(at, amount, 'floor');
  if (notional !== null && notional < min)
    errors.push({ field: 'amount', key: 'ticket.error.minNotional', params: { min: m.minNotional, quote: m.quote } });
  const freeze = summarizeStop(s, ctx).freeze;
  const held = s.side === 'buy' ? ctx.quoteAvailable : ctx.baseAvailable;
  if (freeze !== null && held !== null && (units(freeze) ?? 0n) > (units(held) ?? 0n))
    errors.push({
      field: 'balance',
      key: 'ticket.error.insufficient',
      params: { currency: s.side === 'buy' ? m.quote : m.base },
    });
  return errors;
}

function positive(v: string): bigint | null {
  const u = units(v);
  return u !== null && u > 0n ? u : null;
}

function lower(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

function maxRate(a: string, b: string): bigint {
  const x = rate(a);
  const y = rate(b);
  return x > y ? x : y;
}
