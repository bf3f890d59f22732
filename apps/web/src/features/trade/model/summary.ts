import type { PlaceOrderRequest } from '@tidemark/contract';
import type { TicketContext, TicketState } from './ticket.ts';
import { div, floorTo, mul, rate, text, textAt, units } from './ticket-math.ts';

/**
 * What the ticket would do, derived from its state (STYLE.md: the summary beside the reducer).
 * - quantity: the base quantity (an estimate for a market buy: quote ÷ best ask)
 * - total: the USDT value (an estimate for a market order, at the best opposite price)
 * - maxFee: the most the taker fee can be, in the currency it is charged in
 * - freeze: what placing the order reserves, in the currency spent — the server's rule: a buy
 *   reserves price × quantity plus the maximum taker fee in USDT, a market buy the quote amount
 *   plus its fee, a sell the base quantity
 * - order: the request body (without its clientOrderId), or null while something is missing
 */
export interface TicketSummary {
  quantity: string | null;
  total: string | null;
  maxFee: string | null;
  feeCurrency: string;
  freeze: string | null;
  freezeCurrency: string;
  estimated: boolean;
  order: Omit<PlaceOrderRequest, 'clientOrderId'> | null;
}

export function summarize(s: TicketState, ctx: TicketContext): TicketSummary {
  const m = ctx.market;
  const taker = rate(m.takerFee);
  const q = m.quote;
  const b = m.base;
  const qd = m.pricePrecision + m.quantityPrecision; // enough decimals for price × quantity
  const amount = units(s.amount);
  const out: TicketSummary = {
    quantity: null,
    total: null,
    maxFee: null,
    feeCurrency: q, // the estimate is the fee's USDT value (what a buy reserves for it)
    freeze: null,
    freezeCurrency: s.side === 'buy' ? q : b,
    estimated: s.type === 'market',
    order: null,
  };
  if (s.type === 'limit') {
    const price = units(s.price);
    if (price !== null && amount !== null) {
      const total = mul(price, amount, 'ceil');
      const fee = mul(total, taker, 'ceil');
      out.quantity = text(amount);
      out.total = textAt(total, qd, 'ceil');
      out.maxFee = textAt(fee, qd, 'ceil');
      out.freeze = s.side === 'buy' ? textAt(total + fee, qd, 'ceil') : text(amount);
    }
    if (price !== null && amount !== null && price > 0n && amount > 0n)
      out.order = {
        symbol: m.symbol,
        side: s.side,
        type: 'limit',
        price: text(price),
        quantity: text(amount),
        timeInForce: 'GTC',
      };
    return out;
  }
  if (s.side === 'buy') {
    // market buy by quote amount
    const ask = ctx.bestAsk === null ? null : units(ctx.bestAsk);
    if (amount !== null) {
      const fee = mul(amount, taker, 'ceil');
      out.total = text(amount);
      out.maxFee = textAt(fee, qd, 'ceil');
      out.freeze = textAt(amount + fee, qd, 'ceil');
      if (ask !== null && ask > 0n) out.quantity = text(floorTo(div(amount, ask, 'floor'), units(m.stepSize) ?? 0n));
      if (amount > 0n) out.order = { symbol: m.symbol, side: 'buy', type: 'market', quoteAmount: text(amount) };
    }
    return out;
  }
  const bid = ctx.bestBid === null ? null : units(ctx.bestBid);
  if (amount !== null) {
    out.quantity = text(amount);
    out.freeze = text(amount);
    if (bid !== null) {
      const total = mul(bid, amount, 'floor');
      out.total = textAt(total, qd);
      out.maxFee = textAt(mul(total, taker, 'ceil'), qd, 'ceil');
    }
    if (amount > 0n) out.order = { symbol: m.symbol, side: 'sell', type: 'market', quantity: text(amount) };
  }
  return out;
}

/**
 * The amount the slider sets for a share of the available balance, never more than the order
 * could afford including its fee: a buy divides the USDT by price × (1 + taker fee); a sell takes
 * the base balance. Quantities go down to the market's step.
 */
export function amountForPercent(s: TicketState, ctx: TicketContext, percent: number): string {
  const m = ctx.market;
  const step = units(m.stepSize) ?? 0n;
  const pct = BigInt(Math.round(percent));
  const onePlusFee = units('1')! + rate(m.takerFee);
  if (s.side === 'sell') {
    const base = units(ctx.baseAvailable ?? '') ?? 0n;
    return text(floorTo((base * pct) / 100n, step));
  }
  const quote = ((units(ctx.quoteAvailable ?? '') ?? 0n) * pct) / 100n;
  const spendable = div(quote, onePlusFee, 'floor');
  if (s.type === 'market') return textAt(spendable, m.pricePrecision);
  const price = units(s.price);
  if (price === null || price <= 0n) return '';
  return text(floorTo(div(spendable, price, 'floor'), step));
}
