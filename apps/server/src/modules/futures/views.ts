import type { FuturesOrder, FuturesPosition } from '@tidemark/contract/futures';
import type { Contract } from './domain/contracts.ts';
import { lotsToQty, ticksToPrice } from './domain/contracts.ts';
import { divHalfUp, formatFixed, RATE_DECIMALS, trailingStopPrice, USDT_SCALE } from '@tidemark/futures-math';
import type { FuturesOrderRow, PositionRow } from './futures.schema.ts';

/** Rows → the answers of packages/contract/src/futures.ts (decimal strings, epoch ms). */

export const usdt = (units: bigint): string => formatFixed(units, USDT_SCALE);
export const rate = (r: bigint): string => formatFixed(r, RATE_DECIMALS);

/** An average price value / qty (value in USDT units, qty in lots) with two decimals below the tick. */
export function averagePrice(c: Contract, value: bigint, qty: bigint): string | null {
  if (qty <= 0n) return null;
  const extra = 2n;
  const scaled = divHalfUp(value * c.tickUnits * 10n ** extra, qty);
  return formatFixed(scaled, c.priceDecimals + Number(extra));
}

export function orderView(c: Contract, o: FuturesOrderRow): FuturesOrder {
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    source: o.source,
    price: o.priceTicks === null ? null : ticksToPrice(c, o.priceTicks),
    quantity: lotsToQty(c, o.qtyLots),
    filledQuantity: lotsToQty(c, o.filledLots),
    averagePrice: averagePrice(c, o.turnover, o.filledLots),
    turnover: usdt(o.turnover),
    fee: usdt(o.fee),
    reduceOnly: o.reduceOnly,
    postOnly: o.postOnly,
    timeInForce: o.timeInForce,
    leverage: o.leverage,
    marginMode: o.marginMode,
    status: o.status,
    cancelReason: o.cancelReason,
    createTime: o.createdAt.getTime(),
    updateTime: o.updatedAt.getTime(),
  };
}

export interface PositionExtras {
  mark: bigint | null;
  unrealizedPnl: bigint | null;
  roe: bigint | null;
  liquidationPrice: bigint | null;
  bankruptcyPrice: bigint | null;
  closable: bigint;
  adlRank: number | null;
}

/** A closed position has no mark, risk or ADL: it shows only what it was. */
export const CLOSED_POSITION_EXTRAS: PositionExtras = {
  mark: null,
  unrealizedPnl: null,
  roe: null,
  liquidationPrice: null,
  bankruptcyPrice: null,
  closable: 0n,
  adlRank: null,
};

export function positionView(c: Contract, p: PositionRow, x: PositionExtras): FuturesPosition {
  const open = p.status === 'open';
  const closedYield = p.openedValue > 0n ? (p.realizedPnl * BigInt(p.leverage) * 100_000_000n) / p.openedValue : null;
  return {
    id: p.id,
    symbol: p.symbol,
    direction: p.side,
    marginMode: p.marginMode,
    leverage: p.leverage,
    quantity: lotsToQty(c, open ? p.qtyLots : p.closedLots),
    closableQuantity: lotsToQty(c, open ? x.closable : 0n),
    openPrice: (open ? averagePrice(c, p.entryValue, p.qtyLots) : averagePrice(c, p.openedValue, p.closedLots)) ?? '0',
    entryValue: usdt(open ? p.entryValue : 0n),
    markPrice: x.mark === null ? null : ticksToPrice(c, x.mark),
    margin: usdt(p.margin),
    positionValue: open && x.mark !== null ? usdt(p.qtyLots * x.mark) : null,
    estimatedLiquidationPrice: x.liquidationPrice === null ? null : ticksToPrice(c, x.liquidationPrice),
    bankruptcyPrice: x.bankruptcyPrice === null ? null : ticksToPrice(c, x.bankruptcyPrice),
    fee: usdt(p.fee),
    positionInterest: usdt(p.funding),
    unrealizedPnl: x.unrealizedPnl === null ? null : usdt(x.unrealizedPnl),
    realizedPnl: usdt(p.realizedPnl),
    yield: open ? (x.roe === null ? null : rate(x.roe)) : closedYield === null ? null : rate(closedYield),
    takeProfitPrice: p.takeProfitTicks === null ? null : ticksToPrice(c, p.takeProfitTicks),
    stopLossPrice: p.stopLossTicks === null ? null : ticksToPrice(c, p.stopLossTicks),
    takeProfitTrigger: p.tpTrigger,
    stopLossTrigger: p.slTrigger,
    trailingStop: trailingView(c, p),
    adlRank: x.adlRank,
    status: p.status,
    closedPrice: averagePrice(c, p.closeValue, p.closedLots),
    closedQuantity: lotsToQty(c, p.closedLots),
    closeReason: (p.closeReason as FuturesPosition['closeReason']) ?? null,
    openTime: p.openedAt.getTime(),
    closeTime: p.closedAt?.getTime() ?? null,
  };
}

/** The position's trailing stop as shown: callback in %, the best price since activation and its stop price. */
function trailingView(c: Contract, p: PositionRow): FuturesPosition['trailingStop'] {
  if (p.trailCallback === null) return null;
  const price = (t: bigint | null) => (t === null ? null : ticksToPrice(c, t));
  const stop = trailingStopPrice({
    side: p.side === 'long' ? 1 : -1,
    callback: BigInt(p.trailCallback),
    activation: p.trailActivationTicks,
    watermark: p.trailWatermarkTicks,
  });
  return {
    callbackRate: formatFixed(BigInt(p.trailCallback), 2),
    activationPrice: price(p.trailActivationTicks),
    trigger: p.trailTrigger,
    watermark: price(p.trailWatermarkTicks),
    stopPrice: price(stop),
  };
}
