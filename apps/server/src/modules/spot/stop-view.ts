import type { StopOrder } from '@tidemark/contract/spot-stops';
import { formatUnits } from '@tidemark/contract/money';
import { currencyOf } from '../market/currencies.ts';
import { baseUnitsToText, lotsToUnits, marketOf, quoteUnitsToText, ticksToPrice } from './markets.ts';
import { toSpotOrder } from './order-view.ts';
import type { SpotOrderRow } from './spot.schema.ts';
import type { StopOrderRow } from './stop-orders.schema.ts';

/** A stored stop as the API shows it, with its OCO limit leg when it has one. */
export function toStopOrder(row: StopOrderRow, leg: SpotOrderRow | undefined): StopOrder {
  const m = marketOf(row.symbol)!;
  return {
    id: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    stopPrice: ticksToPrice(m, row.stopPriceTicks),
    price: row.priceTicks === null ? null : ticksToPrice(m, row.priceTicks),
    quantity: row.qtyLots === null ? null : baseUnitsToText(m, lotsToUnits(m, row.qtyLots)),
    quoteAmount: row.quoteAmount === null ? null : quoteUnitsToText(m, row.quoteAmount),
    status: row.status,
    cancelReason: (row.cancelReason as StopOrder['cancelReason']) ?? null,
    ocoOrder: leg ? toSpotOrder(leg) : null,
    orderId: row.orderId,
    frozen: formatUnits(row.frozenAmount, currencyOf(row.frozenCurrency)?.scale ?? 8),
    frozenCurrency: row.frozenCurrency,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    triggeredAt: row.triggeredAt?.getTime() ?? null,
  };
}
