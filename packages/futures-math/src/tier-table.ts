/**
 * A contract's risk tiers in integer form. Tier tables follow the shape Binance publishes
 * (GET /fapi/v1/leverageBracket): a notional cap, a maintenance-margin rate and a maximum leverage per
 * bracket. The maintenance amount (Binance `cum`, Bybit `mmDeduction`) is NOT configured: it is derived
 * by the recurrence
 *   cum_1 = 0,  cum_n = floor_n × (MMR_n − MMR_{n−1}) + cum_{n−1}
 * so the maintenance margin is continuous at every edge by construction.
 */
import { parseFixed, parseRate, RATE_ONE, USDT_SCALE, type Rate, type Units } from './units.ts';

export interface TierConfig {
  /** Upper bound of the bracket's notional, USDT (inclusive). */
  notionalCap: string;
  /** Maintenance-margin rate, e.g. "0.004". */
  mmr: string;
  maxLeverage: number;
}

export interface Tier {
  /** 1-based bracket number, as users see it. */
  bracket: number;
  /** Notional range (floor, cap] in USDT minor units; the first floor is 0 and includes 0. */
  floor: Units;
  cap: Units;
  mmr: Rate;
  /** Maintenance amount in USDT minor units × RATE_ONE, exact (floor × ΔMMR needs no rounding this way). */
  cumScaled: bigint;
  maxLeverage: number;
}

/** What the tier math needs of a contract: its brackets, lowest first, and its highest leverage. */
export interface TierTable {
  readonly tiers: readonly Tier[];
  readonly maxLeverage: number;
}

/** Validates a tier table and derives the integer form. Throws, naming `label`, on a table not well formed. */
export function buildTiers(label: string, configs: readonly TierConfig[]): Tier[] {
  if (configs.length === 0) throw new Error(`contract ${label}: no tiers`);
  const tiers: Tier[] = [];
  let floor = 0n;
  let prevMmr = 0n;
  let cumScaled = 0n;
  for (const [i, t] of configs.entries()) {
    const cap = parseFixed(t.notionalCap, USDT_SCALE);
    const mmr = parseRate(t.mmr);
    if (cap <= floor) throw new Error(`contract ${label}: tier ${i + 1} cap not above its floor`);
    if (mmr <= 0n || mmr >= RATE_ONE || (i > 0 && mmr <= prevMmr)) {
      throw new Error(`contract ${label}: tier ${i + 1} MMR must rise and stay in (0, 1)`);
    }
    const prev = tiers[i - 1];
    if (!Number.isInteger(t.maxLeverage) || t.maxLeverage < 1 || (prev && t.maxLeverage > prev.maxLeverage)) {
      throw new Error(`contract ${label}: tier ${i + 1} max leverage must be an integer that does not rise`);
    }
    // 1 / maxLeverage must exceed the MMR, or a position at max leverage would open already liquidatable
    if (BigInt(t.maxLeverage) * mmr >= RATE_ONE) {
      throw new Error(`contract ${label}: tier ${i + 1} initial margin at max leverage is below its MMR`);
    }
    if (i > 0) cumScaled += floor * (mmr - prevMmr);
    tiers.push({ bracket: i + 1, floor, cap, mmr, cumScaled, maxLeverage: t.maxLeverage });
    floor = cap;
    prevMmr = mmr;
  }
  return tiers;
}

/** A published bracket (the API's FuturesTier: decimal strings), as the client receives it. */
export interface PublishedTier {
  bracket: number;
  notionalCap: string;
  maintMarginRatio: string;
  maxLeverage: number;
}

/**
 * The tier table of a contract as the API publishes it. The maintenance amounts are derived again
 * rather than read, so a client computes exactly what the server does.
 */
export function tierTableFromPublished(label: string, published: readonly PublishedTier[]): TierTable {
  const configs = [...published]
    .sort((a, b) => a.bracket - b.bracket)
    .map((t) => ({ notionalCap: t.notionalCap, mmr: t.maintMarginRatio, maxLeverage: t.maxLeverage }));
  const tiers = buildTiers(label, configs);
  return { tiers, maxLeverage: tiers[0]!.maxLeverage };
}
