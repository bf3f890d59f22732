import crypto from 'node:crypto';
import type { PlaceStopRequest } from '@tidemark/contract/spot-stops';
import { badRequest } from '../../platform/http/app-error.ts';
import { priceToTicks, type Market } from './markets.ts';
import { toNewOrder } from './spot.service.ts';

/** A stop placement checked against the market's rules; prices in ticks, quantities in lots. */
export interface NewStop {
  userId: number;
  clientOrderId: string;
  requestHash: string;
  side: 'buy' | 'sell';
  /** The order it places when it fires. */
  type: 'stop_limit' | 'stop_market';
  stopPriceTicks: number;
  /** The stop-limit's limit price. */
  priceTicks: number | null;
  qtyLots: number | null;
  /** USDT minor units (a stop-market buy spends this much). */
  quoteAmount: bigint | null;
  /** The limit leg of an OCO pair (same side and quantity). */
  ocoPriceTicks: number | null;
}

type StopInput = Omit<PlaceStopRequest, 'type'> & { type: PlaceStopRequest['type'] };

/**
 * The same tick, step and minimum-notional rules as a limit or market order (toNewOrder checks each leg as
 * the order it will be), plus the stop price on the tick. Whether the stop price is already crossed depends
 * on the last price, so the sequencer decides that when it runs the command.
 */
export function toNewStop(m: Market, userId: number, input: StopInput): NewStop {
  const stopPriceTicks = priceToTicks(m, input.stopPrice!);
  if (stopPriceTicks === null || stopPriceTicks <= 0)
    throw badRequest('PRICE_TICK', 'spot.priceTick', { tick: m.tickSize }, 'stopPrice');
  const base = { clientOrderId: input.clientOrderId, symbol: m.symbol, side: input.side };
  let ocoPriceTicks: number | null = null;
  let stopLeg: { type: 'limit' | 'market'; price?: string; quantity?: string; quoteAmount?: string };
  if (input.type === 'oco') {
    ocoPriceTicks = toNewOrder(
      m,
      userId,
      { ...base, type: 'limit', price: input.price!, quantity: input.quantity! },
      false,
    ).priceTicks;
    stopLeg =
      input.stopLimitPrice !== undefined
        ? { type: 'limit', price: input.stopLimitPrice, quantity: input.quantity! }
        : { type: 'market', quantity: input.quantity! };
  } else if (input.type === 'stop_limit') {
    stopLeg = { type: 'limit', price: input.price!, quantity: input.quantity! };
  } else {
    stopLeg =
      input.quoteAmount !== undefined
        ? { type: 'market', quoteAmount: input.quoteAmount }
        : { type: 'market', quantity: input.quantity! };
  }
  const leg = toNewOrder(m, userId, { ...base, ...stopLeg }, false);
  const canonical = JSON.stringify([
    m.symbol,
    input.side,
    input.type,
    stopPriceTicks,
    leg.priceTicks,
    leg.qtyLots,
    leg.quoteAmount?.toString() ?? null,
    ocoPriceTicks,
  ]);
  return {
    userId,
    clientOrderId: input.clientOrderId,
    requestHash: crypto.hash('sha256', canonical), // one call, no Hash object per order
    side: input.side,
    type: stopLeg.type === 'limit' ? 'stop_limit' : 'stop_market',
    stopPriceTicks,
    priceTicks: leg.priceTicks,
    qtyLots: leg.qtyLots,
    quoteAmount: leg.quoteAmount,
    ocoPriceTicks,
  };
}
