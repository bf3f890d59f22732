import { USDT_SCALE } from '@tidemark/futures-math';
import { badRequest } from '../../platform/http/app-error.ts';
import { amountInput } from '../../platform/http/amount-input.ts';
import { priceToTicks, qtyToLots, type Contract } from './domain/contracts.ts';

/** A request's price in ticks of the contract: on the tick grid, positive and within what the engine holds. */
export function toTicks(c: Contract, price: string): bigint {
  try {
    const t = priceToTicks(c, price);
    if (t <= 0n || t > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('out of range');
    return t;
  } catch {
    throw badRequest('VALIDATION', 'spot.priceTick', { tick: c.tickSize }, 'price');
  }
}

/** A request's quantity in lots of the contract: on the step grid, positive and within what the engine holds. */
export function toLots(c: Contract, qty: string): bigint {
  try {
    const l = qtyToLots(c, qty);
    if (l <= 0n || l > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('out of range');
    return l;
  } catch {
    throw badRequest('VALIDATION', 'spot.quantityStep', { step: c.stepSize }, 'quantity');
  }
}

/** A positive USDT amount in minor units. */
export function usdtAmount(text: string): bigint {
  const v = amountInput(text, USDT_SCALE, 'amount');
  if (v <= 0n) throw badRequest('AMOUNT_NOT_POSITIVE', 'spot.amountNotPositive', undefined, 'amount');
  return v;
}
