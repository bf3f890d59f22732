/**
 * USDT-margined linear perpetual contracts, from configuration. One per listed coin (market/currencies.ts);
 * tick and step are the spot pairs' so tick × step is one USDT minor unit and the same engine integers serve
 * both. The units and the tier tables (built and checked) come from @tidemark/futures-math (tier-table.ts),
 * the same code the app uses to preview margins and liquidation prices.
 */
import {
  buildTiers,
  formatFixed,
  parseFixed,
  parseRate,
  USDT_SCALE,
  type Rate,
  type Tier,
  type TierConfig,
  type Units,
} from '@tidemark/futures-math';

export interface ContractConfig {
  symbol: string;
  base: string;
  tickSize: string;
  stepSize: string;
  /** Smallest order value, USDT. */
  minNotional: string;
  makerFee: string;
  takerFee: string;
  /** Liquidation (insurance clearance) fee on the liquidated notional. */
  liquidationFee: string;
  fundingIntervalHours: number;
  /** Interest component I per 8 h (Binance 0.0001). */
  fundingInterest: string;
  /** Band of clamp(I − P̄, −band, +band) (Binance 0.0005). */
  fundingClamp: string;
  /** |funding rate| never exceeds this per interval. */
  fundingCap: string;
  /** The mark may not leave index × (1 ± markBand); guards against a thin or manipulated book. */
  markBand: string;
  /** Time constant of the basis EMA in the mark price, ms (Binance samples a 30 s window). */
  markBasisWindowMs: number;
  /** Impact margin notional for the premium index, USDT (Binance: 200 USDT / IMR at max leverage). */
  impactNotional: string;
  tiers: readonly TierConfig[];
}

export interface Contract {
  symbol: string;
  base: string;
  tickSize: string;
  stepSize: string;
  /** Decimals of tickSize / stepSize: ticks → price string is formatFixed(ticks × tick units, priceDecimals). */
  priceDecimals: number;
  qtyDecimals: number;
  /** tickSize and stepSize as integers at their own decimals (e.g. BTC tick "0.1" → 1n at 1 decimal). */
  tickUnits: bigint;
  stepUnits: bigint;
  minNotional: Units;
  makerFee: Rate;
  takerFee: Rate;
  liquidationFee: Rate;
  fundingIntervalMs: number;
  fundingInterest: Rate;
  fundingClamp: Rate;
  fundingCap: Rate;
  markBand: Rate;
  markBasisWindowMs: number;
  impactNotional: Units;
  maxLeverage: number;
  tiers: readonly Tier[];
}

const decimalsOf = (s: string): number => (s.includes('.') ? s.split('.')[1]!.length : 0);

/** Validates a configuration and derives the integer form. Throws on a table that is not well formed. */
export function buildContract(config: ContractConfig): Contract {
  const priceDecimals = decimalsOf(config.tickSize);
  const qtyDecimals = decimalsOf(config.stepSize);
  const tickUnits = parseFixed(config.tickSize, priceDecimals);
  const stepUnits = parseFixed(config.stepSize, qtyDecimals);
  if (tickUnits * stepUnits * 10n ** BigInt(USDT_SCALE) !== 10n ** BigInt(priceDecimals + qtyDecimals)) {
    throw new Error(`contract ${config.symbol}: tickSize × stepSize must equal one USDT minor unit`);
  }
  const tiers = buildTiers(config.symbol, config.tiers);
  return {
    symbol: config.symbol,
    base: config.base,
    tickSize: config.tickSize,
    stepSize: config.stepSize,
    priceDecimals,
    qtyDecimals,
    tickUnits,
    stepUnits,
    minNotional: parseFixed(config.minNotional, USDT_SCALE),
    makerFee: parseRate(config.makerFee),
    takerFee: parseRate(config.takerFee),
    liquidationFee: parseRate(config.liquidationFee),
    fundingIntervalMs: config.fundingIntervalHours * 3_600_000,
    fundingInterest: parseRate(config.fundingInterest),
    fundingClamp: parseRate(config.fundingClamp),
    fundingCap: parseRate(config.fundingCap),
    markBand: parseRate(config.markBand),
    markBasisWindowMs: config.markBasisWindowMs,
    impactNotional: parseFixed(config.impactNotional, USDT_SCALE),
    maxLeverage: tiers[0]!.maxLeverage,
    tiers,
  };
}

/** Price string of a tick count: BTC ticks 975_003n → "97500.3". */
export function ticksToPrice(contract: Contract, ticks: bigint): string {
  return formatFixed(ticks * contract.tickUnits, contract.priceDecimals);
}
/** Quantity string of a lot count. */
export function lotsToQty(contract: Contract, lots: bigint): string {
  return formatFixed(lots * contract.stepUnits, contract.qtyDecimals);
}
/** "97500.3" → ticks; a price off the tick grid is refused. */
export function priceToTicks(contract: Contract, price: string): bigint {
  const units = parseFixed(price, contract.priceDecimals);
  if (units % contract.tickUnits !== 0n) throw new RangeError(`${price} is not a multiple of ${contract.tickSize}`);
  return units / contract.tickUnits;
}
/** "0.015" → lots; a quantity off the step grid is refused. */
export function qtyToLots(contract: Contract, qty: string): bigint {
  const units = parseFixed(qty, contract.qtyDecimals);
  if (units % contract.stepUnits !== 0n) throw new RangeError(`${qty} is not a multiple of ${contract.stepSize}`);
  return units / contract.stepUnits;
}

// ---------------------------------------------------------------------------------------------------------------
// Default tables. Brackets modelled on the shape of Binance's USDⓈ-M tables, with leverage capped at 100× for a
// retail venue (decision 0007). Majors get wider first brackets than the smaller coins.

const BTC_TIERS: TierConfig[] = [
  { notionalCap: '50000', mmr: '0.004', maxLeverage: 100 },
  { notionalCap: '600000', mmr: '0.005', maxLeverage: 75 },
  { notionalCap: '3000000', mmr: '0.0065', maxLeverage: 50 },
  { notionalCap: '12000000', mmr: '0.01', maxLeverage: 25 },
  { notionalCap: '70000000', mmr: '0.02', maxLeverage: 20 },
  { notionalCap: '100000000', mmr: '0.025', maxLeverage: 10 },
  { notionalCap: '230000000', mmr: '0.05', maxLeverage: 5 },
  { notionalCap: '480000000', mmr: '0.1', maxLeverage: 4 },
  { notionalCap: '600000000', mmr: '0.125', maxLeverage: 3 },
  { notionalCap: '800000000', mmr: '0.15', maxLeverage: 2 },
  { notionalCap: '1200000000', mmr: '0.25', maxLeverage: 1 },
];

/** ETH's first bracket is the reference's worked example (75×, cap 10,000, MMR 0.65 %). */
const ETH_TIERS: TierConfig[] = [
  { notionalCap: '10000', mmr: '0.0065', maxLeverage: 75 },
  { notionalCap: '100000', mmr: '0.01', maxLeverage: 50 },
  { notionalCap: '500000', mmr: '0.02', maxLeverage: 25 },
  { notionalCap: '1000000', mmr: '0.05', maxLeverage: 10 },
  { notionalCap: '2000000', mmr: '0.1', maxLeverage: 5 },
  { notionalCap: '5000000', mmr: '0.125', maxLeverage: 4 },
  { notionalCap: '10000000', mmr: '0.15', maxLeverage: 3 },
  { notionalCap: '20000000', mmr: '0.25', maxLeverage: 2 },
  { notionalCap: '50000000', mmr: '0.5', maxLeverage: 1 },
];

/** Smaller coins: lower leverage and tighter brackets. */
const ALT_TIERS: TierConfig[] = [
  { notionalCap: '5000', mmr: '0.01', maxLeverage: 50 },
  { notionalCap: '25000', mmr: '0.02', maxLeverage: 25 },
  { notionalCap: '100000', mmr: '0.025', maxLeverage: 20 },
  { notionalCap: '250000', mmr: '0.05', maxLeverage: 10 },
  { notionalCap: '1000000', mmr: '0.1', maxLeverage: 5 },
  { notionalCap: '1500000', mmr: '0.125', maxLeverage: 4 },
  { notionalCap: '2500000', mmr: '0.25', maxLeverage: 2 },
  { notionalCap: '5000000', mmr: '0.5', maxLeverage: 1 },
];

const COMMON = {
  minNotional: '5',
  makerFee: '0.0002',
  takerFee: '0.0005',
  liquidationFee: '0.005',
  fundingIntervalHours: 8,
  fundingInterest: '0.0001',
  fundingClamp: '0.0005',
  markBand: '0.005',
  markBasisWindowMs: 30_000,
} as const;

/** [base, tickSize, stepSize, tiers, fundingCap, impactNotional] — tick × step = 0.000001 as on spot. */
const LISTED: Array<[string, string, string, TierConfig[], string, string]> = [
  ['BTC', '0.1', '0.00001', BTC_TIERS, '0.02', '20000'],
  ['ETH', '0.01', '0.0001', ETH_TIERS, '0.02', '15000'],
  ['BNB', '0.01', '0.0001', ALT_TIERS, '0.03', '10000'],
  ['SOL', '0.01', '0.0001', ALT_TIERS, '0.03', '10000'],
  ['XRP', '0.0001', '0.01', ALT_TIERS, '0.03', '10000'],
  ['DOGE', '0.00001', '0.1', ALT_TIERS, '0.03', '10000'],
  ['ADA', '0.0001', '0.01', ALT_TIERS, '0.03', '10000'],
  ['TRX', '0.00001', '0.1', ALT_TIERS, '0.03', '10000'],
  ['LTC', '0.01', '0.0001', ALT_TIERS, '0.03', '10000'],
  ['DOT', '0.001', '0.001', ALT_TIERS, '0.03', '10000'],
  ['LINK', '0.001', '0.001', ALT_TIERS, '0.03', '10000'],
  ['AVAX', '0.01', '0.0001', ALT_TIERS, '0.03', '10000'],
];

export const CONTRACT_CONFIGS: readonly ContractConfig[] = LISTED.map(
  ([base, tickSize, stepSize, tiers, fundingCap, impactNotional]) => ({
    ...COMMON,
    symbol: `${base}USDT`,
    base,
    tickSize,
    stepSize,
    fundingCap,
    impactNotional,
    tiers,
  }),
);

/** The default contracts, validated when this file loads. */
export const CONTRACTS: readonly Contract[] = CONTRACT_CONFIGS.map(buildContract);

const bySymbol = new Map(CONTRACTS.map((c) => [c.symbol, c]));
export function contractOf(symbol: string): Contract | undefined {
  return bySymbol.get(symbol);
}
