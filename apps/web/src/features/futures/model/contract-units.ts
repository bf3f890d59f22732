import type { FuturesContract } from '@tidemark/contract/futures';
import { divRound, formatUnits, MoneyFormatError, parseUnits, pow10 } from '@tidemark/contract/money';
import { parseRate, tierTableFromPublished, USDT_SCALE, type Tier, type TierTable } from '@tidemark/futures-math';

/**
 * A published contract in the integer form of @tidemark/futures-math, the code the server charges
 * by: a price is a count of ticks, a quantity a count of lots, and ticks × lots is exactly a USDT
 * amount in minor units. What is here is only the app's side: reading what the user typed and the
 * API's decimal strings, and writing them back. Nothing here is a float.
 */
export interface ContractUnits extends TierTable {
  contract: FuturesContract;
  priceDecimals: number;
  qtyDecimals: number;
  tickUnits: bigint;
  stepUnits: bigint;
  makerFee: bigint;
  takerFee: bigint;
  minNotional: bigint;
  tiers: readonly Tier[];
}

const decimalsOf = (s: string): number => (s.includes('.') ? s.split('.')[1]!.length : 0);

/** A typed decimal ("12.", ".5" allowed while typing) at `scale`; null when it is not a number or too precise. */
export function parseTyped(text: string, scale: number): bigint | null {
  const t = text.trim();
  if (!t || t === '.') return null;
  const norm = t.startsWith('.') ? `0${t}` : t.endsWith('.') ? t.slice(0, -1) : t;
  try {
    return parseUnits(norm, scale, 'exact');
  } catch (e) {
    if (e instanceof MoneyFormatError) return null;
    throw e;
  }
}

export function contractUnits(contract: FuturesContract): ContractUnits {
  const priceDecimals = decimalsOf(contract.tickSize);
  const qtyDecimals = decimalsOf(contract.stepSize);
  return {
    ...tierTableFromPublished(contract.symbol, contract.tiers),
    contract,
    priceDecimals,
    qtyDecimals,
    tickUnits: parseUnits(contract.tickSize, priceDecimals),
    stepUnits: parseUnits(contract.stepSize, qtyDecimals),
    makerFee: parseRate(contract.makerFee),
    takerFee: parseRate(contract.takerFee),
    minNotional: parseUnits(contract.minNotional, USDT_SCALE, 'ceil'),
  };
}

/** Ticks of a price string; null when it is not a price on the tick grid. */
export function priceTicks(c: ContractUnits, price: string): bigint | null {
  const u = parseTyped(price, c.priceDecimals);
  if (u === null || u % c.tickUnits !== 0n) return null;
  return u / c.tickUnits;
}

/**
 * An average price (the server gives open prices 2 digits finer than a tick) as ticks × 100, rounded
 * half up; null when it is not a number.
 */
export function fineTicks(c: ContractUnits, price: string): bigint | null {
  const u = parseTyped(price, c.priceDecimals + 2);
  return u === null ? null : u / c.tickUnits;
}

/** Lots of a quantity string; null when it is not on the step grid. */
export function qtyLots(c: ContractUnits, qty: string): bigint | null {
  const u = parseTyped(qty, c.qtyDecimals);
  if (u === null || u % c.stepUnits !== 0n) return null;
  return u / c.stepUnits;
}

export const ticksText = (c: ContractUnits, ticks: bigint): string => formatUnits(ticks * c.tickUnits, c.priceDecimals);
export const lotsText = (c: ContractUnits, lots: bigint): string => formatUnits(lots * c.stepUnits, c.qtyDecimals);
export const usdtText = (units: bigint): string => formatUnits(units, USDT_SCALE);
export const usdtUnits = (text: string): bigint => parseUnits(text, USDT_SCALE, 'floor');

/** A rate ("0.0001") as a percent string by moving the point ("0.01"); no float. */
export function ratePercent(rate: string, decimals = 4): string {
  const negative = rate.startsWith('-');
  const u = parseUnits(negative ? rate.slice(1) : rate, 18, 'floor') * 100n;
  const shown = formatUnits(divRound(u, pow10(18 - decimals), 'halfUp'), decimals);
  return (negative && shown !== '0' ? '-' : '') + shown;
}
