import type {
  FuturesAccount,
  FuturesContract,
  FuturesPosition,
  MarginMode,
  PositionSide,
} from '@tidemark/contract/futures';
import {
  divFloor,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  maxLeverageForNotional,
  tradeFee,
} from '@tidemark/futures-math';
import {
  contractUnits,
  fineTicks,
  priceTicks,
  qtyLots,
  ticksText,
  usdtText,
  usdtUnits,
  type ContractUnits,
} from './contract-units.ts';

/**
 * What an order would cost and where the resulting position would be liquidated, shown BEFORE the
 * user confirms. The server has no preview call, so this applies the server's own formulas
 * (@tidemark/futures-math: initialMargin = ⌈notional / L⌉, fee = ⌈notional × rate⌉, liquidation price per
 * liquidation-price.ts with the bracket evaluated at the liquidation price). A market order is
 * valued at the mark price (the server walks the book), so its figures are marked as estimates.
 */
export interface PreviewInput {
  contract: FuturesContract;
  direction: PositionSide;
  orderType: 'limit' | 'market';
  price: string;
  quantity: string;
  leverage: number;
  marginMode: MarginMode;
  account: FuturesAccount | undefined;
  /** Every open position of the user (for an existing one in this contract and cross collateral). */
  positions: FuturesPosition[];
  /** All contracts (the other cross positions' maintenance uses their tiers). */
  contracts: FuturesContract[];
  /**
   * A reduce-only order: the server freezes no margin or fee for it and skips the minimum-notional and
   * leverage checks, but refuses more than the position's closable quantity (quantity less the other open
   * reduce-only orders) or an order on the position's own side.
   */
  reduceOnly?: boolean;
}

export interface Preview {
  notional: string;
  initialMargin: string;
  fee: string;
  /** initial margin + fee: what the order freezes. */
  cost: string;
  estimatedLiquidationPrice: string | null;
  /** The highest leverage the resulting position's bracket allows. */
  maxLeverage: number;
  estimated: boolean;
}

export type PreviewError =
  | 'priceRequired'
  | 'priceTick'
  | 'quantityRequired'
  | 'quantityStep'
  | 'minNotional'
  | 'noMark'
  | 'leverageTooHigh'
  | 'insufficient'
  | 'reduceOnlyExceeds';

export interface PreviewResult {
  preview: Preview | null;
  errors: PreviewError[];
}

export function previewOrder(input: PreviewInput): PreviewResult {
  const c = contractUnits(input.contract);
  const errors: PreviewError[] = [];
  const markTicks = input.contract.markPrice ? priceTicks(c, input.contract.markPrice) : null;
  let price: bigint | null;
  if (input.orderType === 'limit') {
    price = input.price.trim() ? priceTicks(c, input.price) : null;
    if (!input.price.trim()) errors.push('priceRequired');
    else if (price === null || price <= 0n) errors.push('priceTick');
  } else {
    price = markTicks;
    if (price === null) errors.push('noMark');
  }
  const lots = input.quantity.trim() ? qtyLots(c, input.quantity) : null;
  if (!input.quantity.trim() || (lots !== null && lots <= 0n)) errors.push('quantityRequired');
  else if (lots === null) errors.push('quantityStep');
  if (price === null || price <= 0n || lots === null || lots <= 0n) return { preview: null, errors };

  const notional = price * lots;
  const reduceOnly = input.reduceOnly === true;
  const existing = input.positions.find((p) => p.symbol === input.contract.symbol && p.status === 'open');
  if (reduceOnly) {
    const opposes = existing !== undefined && existing.direction !== input.direction;
    if (!opposes || lots > (qtyLots(c, existing.closableQuantity) ?? 0n)) errors.push('reduceOnlyExceeds');
  } else if (notional < c.minNotional) errors.push('minNotional');
  const feeRate = input.orderType === 'market' ? c.takerFee : c.makerFee > c.takerFee ? c.makerFee : c.takerFee;
  const fee = tradeFee(notional, feeRate);
  // a reduce-only order freezes nothing: its fee is charged when it fills
  const im = reduceOnly ? 0n : initialMargin(notional, input.leverage);
  const cost = reduceOnly ? 0n : im + fee;
  if (input.account && cost > usdtUnits(input.account.available)) errors.push('insufficient');

  // the position after the fill (one-way): add, or reduce / flip an existing opposite one
  const sign = input.direction === 'long' ? 1n : -1n;
  let size = lots * sign;
  let entryValue = notional;
  let margin = im;
  if (existing) {
    const oldLots = qtyLots(c, existing.quantity) ?? 0n;
    const oldSize = existing.direction === 'long' ? oldLots : -oldLots;
    const oldEntry = divFloor((fineTicks(c, existing.openPrice) ?? 0n) * oldLots, 100n);
    const oldMargin = usdtUnits(existing.margin);
    if (oldSize > 0n === size > 0n) {
      size += oldSize;
      entryValue += oldEntry;
      margin += oldMargin;
    } else if (oldLots > lots) {
      size = oldSize + size;
      entryValue = divFloor(oldEntry * (oldLots - lots), oldLots);
      margin = divFloor(oldMargin * (oldLots - lots), oldLots);
    } else if (oldLots === lots) {
      size = 0n;
    } else {
      size = oldSize + size;
      entryValue = price * (lots - oldLots);
      margin = initialMargin(entryValue, input.leverage);
    }
  }
  const q = size < 0n ? -size : size;
  const notionalAfter = q * (markTicks ?? price);
  const maxLeverage = maxLeverageForNotional(c, notionalAfter);
  if (!reduceOnly && input.leverage > maxLeverage) errors.push('leverageTooHigh');

  let liq: bigint | null = null;
  if (q > 0n) {
    const collateral =
      input.marginMode === 'isolated' ? margin : crossWallet(input, c, cost, margin, existing?.id ?? null);
    liq = liquidationTicks(c, size, entryValue, collateral);
  }
  return {
    errors,
    preview: {
      notional: usdtText(notional),
      initialMargin: usdtText(im),
      fee: usdtText(fee),
      cost: usdtText(cost),
      estimatedLiquidationPrice: liq === null ? null : ticksText(c, liq),
      maxLeverage,
      estimated: input.orderType === 'market',
    },
  };
}

/**
 * Cross collateral as the server computes it (futures.service openView): the wallet (available + every
 * cross margin) less the other cross positions' maintenance, plus their unrealized P/L. The order's cost
 * leaves `available` and its initial margin joins this position's margin.
 */
function crossWallet(
  input: PreviewInput,
  c: ContractUnits,
  cost: bigint,
  margin: bigint,
  positionId: number | null,
): bigint {
  let w = (input.account ? usdtUnits(input.account.available) : 0n) - cost + margin;
  for (const p of input.positions) {
    if (p.status !== 'open' || p.marginMode !== 'cross' || p.id === positionId) continue;
    w += usdtUnits(p.margin);
    const other = input.contracts.find((x) => x.symbol === p.symbol);
    if (other && p.positionValue)
      w -= maintenanceMargin(other === c.contract ? c : contractUnits(other), usdtUnits(p.positionValue));
    if (p.unrealizedPnl) w += usdtUnits(p.unrealizedPnl);
  }
  return w;
}

/** The liquidation tick of a one-way position, or null when none: the server's own formula. */
export function liquidationTicks(
  c: ContractUnits,
  size: bigint,
  entryValue: bigint,
  collateral: bigint,
): bigint | null {
  return liquidationPrice(c, { size, entryValue }, collateral);
}
