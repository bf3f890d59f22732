import { z } from 'zod';
import { pageField, pageSizeField } from './numbers.ts';
import {
  SIDES,
  clientOrderIdField,
  positiveDecimalField,
  symbolField,
  type OrderSide,
  type SpotOrder,
} from './spot.ts';

/**
 * Spot stop orders and OCO pairs (docs/decisions/0024-spot-stop-orders.md).
 *
 *   /api/xb/v1/spot/stop/place     PlaceStopRequest    (signed in)      → StopOrder
 *   /api/xb/v1/spot/stop/cancel    CancelStopRequest   (signed in)      → StopOrder
 *   /api/xb/v1/spot/stops/open     OpenStopsRequest    (signed in)      → StopOrder[] (waiting)
 *   /api/xb/v1/spot/stops/history  StopHistoryRequest  (signed in)      → Page<StopOrder>
 *
 * A stop waits for the market's LAST TRADE price: a buy stop fires when it rises to the stop price or above,
 * a sell stop when it falls to it or below; a stop already crossed at placement is refused. On firing it
 * places its order (client id "stop/<stop id>") in the same transaction as the trade that crossed it.
 */

export const STOP_TYPES = ['stop_limit', 'stop_market', 'oco'] as const;
export type StopRequestType = (typeof STOP_TYPES)[number];

/**
 * stop_limit: stopPrice, price, quantity. stop_market: stopPrice and, for a sell, quantity (base), for a buy,
 * quoteAmount (USDT to spend — what it freezes is then known when it is placed). oco: a limit order at `price`
 * for `quantity` plus a stop leg at `stopPrice` — a stop-limit at `stopLimitPrice`, or for a sell without it a
 * stop-market; when one leg fills or fires, the other is cancelled.
 */
export const PlaceStopRequest = z
  .object({
    clientOrderId: clientOrderIdField,
    symbol: symbolField,
    side: z.enum(SIDES, 'spot.sideInvalid'),
    type: z.enum(STOP_TYPES, 'spot.stopTypeInvalid'),
    stopPrice: positiveDecimalField.optional(),
    price: positiveDecimalField.optional(),
    stopLimitPrice: positiveDecimalField.optional(),
    quantity: positiveDecimalField.optional(),
    quoteAmount: positiveDecimalField.optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, field: string) => ctx.addIssue({ code: 'custom', message, path: [field] });
    if (v.stopPrice === undefined) issue('spot.stopPriceRequired', 'stopPrice');
    if (v.type !== 'oco' && v.stopLimitPrice !== undefined) issue('spot.stopLimitPriceOcoOnly', 'stopLimitPrice');
    if (v.type === 'stop_market') {
      if (v.price !== undefined) issue('spot.priceNotAllowed', 'price');
      if (v.side === 'buy') {
        if (v.quoteAmount === undefined) issue('spot.stopMarketBuyByQuote', 'quoteAmount');
        if (v.quantity !== undefined) issue('spot.stopMarketBuyByQuote', 'quantity');
      } else {
        if (v.quoteAmount !== undefined) issue('spot.quoteAmountBuyOnly', 'quoteAmount');
        if (v.quantity === undefined) issue('spot.amountNotPositive', 'quantity');
      }
      return;
    }
    if (v.price === undefined) issue('spot.priceRequired', 'price');
    if (v.quantity === undefined) issue('spot.amountNotPositive', 'quantity');
    if (v.quoteAmount !== undefined) issue('spot.quoteAmountMarketOnly', 'quoteAmount');
    if (v.type === 'oco' && v.side === 'buy' && v.stopLimitPrice === undefined)
      issue('spot.ocoBuyNeedsStopLimit', 'stopLimitPrice');
  });
export type PlaceStopRequest = z.input<typeof PlaceStopRequest>;

const stopIdField = z.coerce.number('spot.stopNotFound').int().positive().max(Number.MAX_SAFE_INTEGER);

export const CancelStopRequest = z.object({ id: stopIdField });
export type CancelStopRequest = z.input<typeof CancelStopRequest>;

export const OpenStopsRequest = z.object({ symbol: symbolField.optional() });
export type OpenStopsRequest = z.input<typeof OpenStopsRequest>;

export const StopHistoryRequest = z.object({ symbol: symbolField.optional(), page: pageField, size: pageSizeField });
export type StopHistoryRequest = z.input<typeof StopHistoryRequest>;

/** waiting: not crossed yet; triggered: its order was placed (`orderId`); cancelled: see `cancelReason`. */
export type StopStatus = 'waiting' | 'triggered' | 'cancelled';
/**
 * user: cancelled by its owner (or its OCO limit leg was); oco-filled: the OCO limit leg traded;
 * no-liquidity / rejected: it fired but the market refused its order (the reservation was released).
 */
export type StopCancelReason = 'user' | 'oco-filled' | 'no-liquidity' | 'rejected';

export interface StopOrder {
  id: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  /** The order it places when it fires. */
  type: 'stop_limit' | 'stop_market';
  stopPrice: string;
  /** Limit price of a stop-limit; null for a stop-market. */
  price: string | null;
  quantity: string | null;
  quoteAmount: string | null;
  status: StopStatus;
  cancelReason: StopCancelReason | null;
  /** The limit leg when this stop is one half of an OCO pair (its state now). */
  ocoOrder: SpotOrder | null;
  /** The order placed when it fired. */
  orderId: number | null;
  /** What the stop itself holds frozen (an OCO's limit leg holds the rest). */
  frozen: string;
  frozenCurrency: string;
  createdAt: number;
  updatedAt: number;
  triggeredAt: number | null;
}
