import { divRound, formatUnits, MoneyFormatError, parseUnits, pow10 } from '@tidemark/contract/money';
import type { FuturesContract } from '@tidemark/contract/futures';

/**
 * The integer form of a contract, the same one the server's futures domain uses
 * (apps/server/src/modules/futures/domain/units.ts, contracts.ts): a price is a count of ticks, a
 * quantity a count of lots, and ticks × lots is exactly a USDT amount in minor units (scale 6).
 * Rates are parts of RATE_ONE (10^8). Nothing here is a float.
 */
export const USDT_SCALE = 6;
export const RATE_ONE = 100_000_000n;

export interface TierUnits {
  /** Notional range (floor, cap] in USDT minor units. */
  floor: bigint;
  cap: bigint;
  mmr: bigint;
  /** Maintenance amount × RATE_ONE, derived as the server does (continuous at each edge). */
  cumScaled: bigint;
  maxLeverage: number;
}

export interface ContractUnits {
  contract: FuturesContract;
  priceDecimals: number;
  qtyDecimals: number;
  tickUnits: bigint;
  stepUnits: bigint;
  makerFee: bigint;
  takerFee: bigint;
  minNotional: bigint;
  tiers: TierUnits[];
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

export const parseRate8 = (rate: string): bigint => parseUnits(rate, 8, 'exact');

export function contractUnits(contract: FuturesContract): ContractUnits {
  const priceDecimals = decimalsOf(contract.tickSize);
  const qtyDecimals = decimalsOf(contract.stepSize);
  const tiers: TierUnits[] = [];
  let floor = 0n;
  let prevMmr = 0n;
  let cumScaled = 0n;
  for (const [i, t] of [...contract.tiers].sort((a, b) => a.bracket - b.bracket).entries()) {
    const cap = parseUnits(t.notionalCap, USDT_SCALE, 'floor');
    const mmr = parseRate8(t.maintMarginRatio);
    if (i > 0) cumScaled += floor * (mmr - prevMmr);
    tiers.push({ floor, cap, mmr, cumScaled, maxLeverage: t.maxLeverage });
    floor = cap;
    prevMmr = mmr;
  }
  return {
    contract,
    priceDecimals,
    qtyDecimals,
    tickUnits: parseUnits(contract.tickSize, priceDecimals),
    stepUnits: parseUnits(contract.stepSize, qtyDecimals),
    makerFee: parseRate8(contract.makerFee),
    takerFee: parseRate8(contract.takerFee),
    minNotional: parseUnits(contract.minNotional, USDT_SCALE, 'ceil'),
    tiers,
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

export const divFloor = (a: bigint, b: bigint): bigint => divRound(a, b, 'floor');
export const divCeil = (a: bigint, b: bigint): bigint => divRound(a, b, 'ceil');

/** The bracket of a notional: the first whose cap is ≥ it (above the last cap: the last). */
export function tierFor(c: ContractUnits, notional: bigint): TierUnits {
  return c.tiers.find((t) => notional <= t.cap) ?? c.tiers[c.tiers.length - 1]!;
}

/** Maintenance margin in minor units, rounded up. */
export function maintenanceMargin(c: ContractUnits, notional: bigint): bigint {
  const t = tierFor(c, notional);
  return divCeil(notional * t.mmr - t.cumScaled, RATE_ONE);
}

/** The highest leverage a position of this notional may use (its bracket's maximum). */
export function maxLeverageFor(c: ContractUnits, notional: bigint): number {
  return tierFor(c, notional).maxLeverage;
}

/** A rate ("0.0001") as a percent string by moving the point ("0.01"); no float. */
export function ratePercent(rate: string, decimals = 4): string {
  const negative = rate.startsWith('-');
  const u = parseUnits(negative ? rate.slice(1) : rate, 18, 'floor') * 100n;
  const shown = formatUnits(divRound(u, pow10(18 - decimals), 'halfUp'), decimals);
  return (negative && shown !== '0' ? '-' : '') + shown;
}
