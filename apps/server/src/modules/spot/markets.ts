import { COIN_TYPES, type SpotMarket } from '@tidemark/contract/spot';
import { divRound, formatUnits, parseRate, parseUnits, pow10, RATE_SCALE } from '@tidemark/contract/money';
import { CURRENCIES, QUOTE, currencyOf } from '../market/currencies.ts';

/**
 * Spot markets from configuration: one BASE/USDT pair per listed coin. Each market maps decimals to the
 * engine's integers exactly:
 *   price (USDT)  = ticks × tickSize        quantity (base) = lots × stepSize
 * and tickSize × stepSize is exactly one USDT minor unit (10^-6), so a fill's notional in engine units
 * (ticks × lots) IS its USDT amount in minor units — no rounding anywhere between engine and ledger.
 * That rule is checked when this file loads; a market that breaks it refuses to start.
 */
export interface MarketConfig {
  symbol: string;
  base: string;
  quote: string;
  coinType: number;
  tickSize: string;
  stepSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
}

export interface Market extends MarketConfig {
  baseScale: number;
  quoteScale: number;
  /** Decimals of tickSize / stepSize. */
  priceDecimals: number;
  qtyDecimals: number;
  /** Base minor units in one lot; USDT minor units per tick are 10^quoteScale × tickSize. */
  unitsPerLot: bigint;
  minNotionalUnits: bigint;
  makerRate: bigint;
  takerRate: bigint;
  /** Market-order protection band as a rate (RATE_SCALE). */
  protectionRate: bigint;
  /**
   * Maker rates set over the configuration, oldest first, each from the moment (epoch ms) it took effect.
   * A resting order pays the maker rate in force when it was placed (see makerRateFor).
   */
  makerRates: Array<{ from: number; rate: bigint }>;
  /** The configured maker rate: what an order placed before any override pays. */
  configuredMakerRate: bigint;
}

const FEES = { makerFee: '0.0008', takerFee: '0.001' };
/**
 * Market-order price protection: a market order trades only within this rate of the best opposite price
 * at the moment it is placed (a buy up to bestAsk × (1 + band), a sell down to bestBid × (1 − band)); the
 * rest is cancelled. SPOT_MARKET_PROTECTION, default 0.05 (5 %).
 */
const MARKET_PROTECTION = process.env.SPOT_MARKET_PROTECTION ?? '0.05';
const MIN_NOTIONAL = '5';

/** [base, tickSize, stepSize]: tick × step = 0.000001 for every pair (see above). */
const PAIRS: Array<[string, string, string]> = [
  ['BTC', '0.1', '0.00001'],
  ['ETH', '0.01', '0.0001'],
  ['BNB', '0.01', '0.0001'],
  ['SOL', '0.01', '0.0001'],
  ['XRP', '0.0001', '0.01'],
  ['DOGE', '0.00001', '0.1'],
  ['ADA', '0.0001', '0.01'],
  ['TRX', '0.00001', '0.1'],
  ['LTC', '0.01', '0.0001'],
  ['DOT', '0.001', '0.001'],
  ['LINK', '0.001', '0.001'],
  ['AVAX', '0.01', '0.0001'],
];

const decimalsOf = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);

function build(config: MarketConfig): Market {
  const base = currencyOf(config.base);
  const quote = currencyOf(config.quote);
  if (!base || !quote) throw new Error(`market ${config.symbol}: unknown currency`);
  const priceDecimals = decimalsOf(config.tickSize);
  const qtyDecimals = decimalsOf(config.stepSize);
  const tickUnits = parseUnits(config.tickSize, priceDecimals);
  const stepUnits = parseUnits(config.stepSize, qtyDecimals);
  // tick × step in USDT minor units must be exactly 1
  if (tickUnits * stepUnits * pow10(quote.scale) !== pow10(priceDecimals + qtyDecimals)) {
    throw new Error(`market ${config.symbol}: tickSize × stepSize must equal one ${config.quote} minor unit`);
  }
  if (qtyDecimals > base.scale) throw new Error(`market ${config.symbol}: stepSize finer than ${config.base}`);
  return {
    ...config,
    baseScale: base.scale,
    quoteScale: quote.scale,
    priceDecimals,
    qtyDecimals,
    unitsPerLot: parseUnits(config.stepSize, base.scale),
    minNotionalUnits: parseUnits(config.minNotional, quote.scale),
    makerRate: parseRate(config.makerFee),
    takerRate: parseRate(config.takerFee),
    protectionRate: parseRate(MARKET_PROTECTION),
    makerRates: [],
    configuredMakerRate: parseRate(config.makerFee),
  };
}

/** The maker rate an order placed at `placedAt` (epoch ms) pays: the terms it was placed under. */
export function makerRateFor(m: Market, placedAt: number): bigint {
  let rate = m.configuredMakerRate;
  for (const r of m.makerRates) if (r.from <= placedAt) rate = r.rate;
  return rate;
}

export const MARKETS: readonly Market[] = PAIRS.map(([base, tickSize, stepSize]) =>
  build({
    symbol: `${base}${QUOTE}`,
    base,
    quote: QUOTE,
    coinType: COIN_TYPES[base as keyof typeof COIN_TYPES],
    tickSize,
    stepSize,
    minNotional: MIN_NOTIONAL,
    ...FEES,
  }),
);
if (MARKETS.some((m) => m.coinType === undefined)) throw new Error('a spot market has no coinType');
if (CURRENCIES.some((c) => COIN_TYPES[c.code as keyof typeof COIN_TYPES] !== c.coinType)) {
  throw new Error('COIN_TYPES in the contract disagrees with market/currencies.ts');
}

const bySymbol = new Map(MARKETS.map((m) => [m.symbol, m]));
export const marketOf = (symbol: string): Market | undefined => bySymbol.get(symbol);

/** Decimal price → ticks; null when it is not a whole number of ticks (or too large for the engine). */
export function priceToTicks(m: Market, price: string): number | null {
  return toInt(price, m.priceDecimals, m.tickSize);
}
/** Decimal quantity → lots; null when it is not a whole number of lots. */
export function qtyToLots(m: Market, qty: string): number | null {
  return toInt(qty, m.qtyDecimals, m.stepSize);
}

function toInt(text: string, decimals: number, step: string): number | null {
  let units: bigint;
  try {
    units = parseUnits(text, decimals, 'exact');
  } catch {
    return null; // finer than the step's decimals
  }
  const stepUnits = parseUnits(step, decimals);
  if (units % stepUnits !== 0n) return null;
  const n = units / stepUnits;
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(n);
}

export const ticksToPrice = (m: Market, ticks: number | bigint): string =>
  formatUnits(BigInt(ticks) * parseUnits(m.tickSize, m.priceDecimals), m.priceDecimals);
/** Lots → base minor units (what the ledger moves). */
export const lotsToUnits = (m: Market, lots: number | bigint): bigint => BigInt(lots) * m.unitsPerLot;
export const baseUnitsToText = (m: Market, units: bigint): string => formatUnits(units, m.baseScale);
export const quoteUnitsToText = (m: Market, units: bigint): string => formatUnits(units, m.quoteScale);
/** USDT minor units of `lots` at `ticks` (exact by construction). */
export const notionalUnits = (ticks: number | bigint, lots: number | bigint): bigint => BigInt(ticks) * BigInt(lots);

export function publicMarket(m: Market): SpotMarket {
  return {
    symbol: m.symbol,
    name: `${m.base}/${m.quote}`,
    base: m.base,
    quote: m.quote,
    coinType: m.coinType,
    tickSize: m.tickSize,
    stepSize: m.stepSize,
    minNotional: m.minNotional,
    makerFee: m.makerFee,
    takerFee: m.takerFee,
    pricePrecision: m.priceDecimals,
    quantityPrecision: m.qtyDecimals,
  };
}

/** The furthest price (ticks) a market order may trade at, from the best opposite price (see MARKET_PROTECTION). */
export function protectionLimit(m: Market, side: 'buy' | 'sell', bestTicks: number): number {
  const one = pow10(RATE_SCALE);
  const limit =
    side === 'buy'
      ? divRound(BigInt(bestTicks) * (one + m.protectionRate), one, 'floor')
      : divRound(BigInt(bestTicks) * (one - m.protectionRate), one, 'ceil');
  return Math.max(1, Number(limit));
}
