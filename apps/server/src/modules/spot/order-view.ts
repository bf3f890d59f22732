import type { SpotFill, SpotOrder } from '@tidemark/contract/spot';
import { formatUnits, divRound, pow10 } from '@tidemark/contract/money';
import {
  baseUnitsToText,
  lotsToUnits,
  marketOf,
  notionalUnits,
  quoteUnitsToText,
  ticksToPrice,
  type Market,
} from './markets.ts';
import type { SpotOrderRow, SpotTradeRow } from './spot.schema.ts';

/** A stored order as the API shows it (decimal strings, epoch ms). */
export function toSpotOrder(row: SpotOrderRow): SpotOrder {
  const m = marketOf(row.symbol)!;
  const qtyUnits = row.qtyLots === null ? null : lotsToUnits(m, row.qtyLots);
  return {
    id: row.id,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    timeInForce: (row.timeInForce as SpotOrder['timeInForce']) ?? null,
    status: row.status,
    cancelReason: (row.cancelReason as SpotOrder['cancelReason']) ?? null,
    price: row.priceTicks === null ? null : ticksToPrice(m, row.priceTicks),
    quantity: qtyUnits === null ? null : baseUnitsToText(m, qtyUnits),
    quoteAmount: row.quoteAmount === null ? null : quoteUnitsToText(m, row.quoteAmount),
    filledQuantity: baseUnitsToText(m, row.filledBase),
    unfilledQuantity: qtyUnits === null ? null : baseUnitsToText(m, qtyUnits - row.filledBase),
    totalAmount:
      row.priceTicks !== null && row.qtyLots !== null
        ? quoteUnitsToText(m, notionalUnits(row.priceTicks, row.qtyLots))
        : row.quoteAmount !== null
          ? quoteUnitsToText(m, row.quoteAmount)
          : null,
    turnover: quoteUnitsToText(m, row.turnover),
    averagePrice: averagePrice(m, row.turnover, row.filledBase),
    fee: quoteUnitsToText(m, row.fee),
    feeCurrency: m.quote,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** turnover / filled at the market's price decimals, rounded half up (a display value, never booked). */
function averagePrice(m: Market, turnover: bigint, filledBase: bigint): string | null {
  if (filledBase === 0n) return null;
  // price = (turnover / 10^quoteScale) / (filled / 10^baseScale), shown with priceDecimals
  const units = divRound(turnover * pow10(m.baseScale + m.priceDecimals), filledBase * pow10(m.quoteScale), 'halfUp');
  return formatUnits(units, m.priceDecimals);
}

/** A trade from the point of view of one of its orders. */
export function toFill(trade: SpotTradeRow, orderId: number): SpotFill {
  const m = marketOf(trade.symbol)!;
  const taker = trade.takerOrderId === orderId;
  return {
    tradeId: trade.id,
    price: ticksToPrice(m, trade.priceTicks),
    quantity: baseUnitsToText(m, trade.baseAmount),
    turnover: quoteUnitsToText(m, trade.quoteAmount),
    fee: quoteUnitsToText(m, taker ? trade.takerFee : trade.makerFee),
    feeCurrency: m.quote,
    role: taker ? 'taker' : 'maker',
    time: trade.createdAt.getTime(),
  };
}
