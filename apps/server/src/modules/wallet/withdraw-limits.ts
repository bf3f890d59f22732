import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { KYC_LIMITS, type KycLevel } from '@tidemark/contract/kyc';
import { formatUnits, multiplyPrice, dividePrice, parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { currencyOf, type CurrencyConfig } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import { show } from './amounts.ts';
import { startOfUtcDay } from './wallet-deps.ts';
import type { WalletConfig } from './wallet.config.ts';
import { bankWithdrawals, withdrawals } from './wallet.schema.ts';

/**
 * The one place that knows the withdrawal limits, for on-chain and bank withdrawals alike:
 * - per transaction: a chain withdrawal the currency's min/max (currencies.ts, spec §9 for USDT);
 *   a bank withdrawal BANK_WITHDRAW_MIN and the KYC level's fiat single limit (spec §6);
 * - per UTC day and currency: the currency's daily maximum, bank withdrawals counted as USDT;
 * - per rolling 24 hours: the KYC level's BTC limit (spec §6), bank and chain counted together,
 *   each withdrawal valued in BTC at the index when applied (rounded up, stored with it).
 * Withdrawals that were rejected, cancelled or failed no longer count.
 */

const BTC_SCALE = 8;
const DAY = 86_400_000;
const VOID_CHAIN = ['rejected', 'cancelled', 'failed'] as const;
const VOID_BANK = ['rejected'] as const;
const BANK_CURRENCY = 'USDT';

export type WithdrawRoute = 'chain' | 'bank';

/** Sum of the user's withdrawals of a currency since the start of the current UTC day (bank ones are USDT). */
export async function usedToday(db: Db, userId: number, currency: string, now: number): Promise<bigint> {
  const since = new Date(startOfUtcDay(now));
  const [chain] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.currency, currency),
        gte(withdrawals.createdAt, since),
        notInArray(withdrawals.status, [...VOID_CHAIN]),
      ),
    );
  let total = BigInt(chain?.total ?? '0');
  if (currency === BANK_CURRENCY) {
    const [bank] = await db
      .select({ total: sql<string>`coalesce(sum(${bankWithdrawals.amount}), 0)::text` })
      .from(bankWithdrawals)
      .where(
        and(
          eq(bankWithdrawals.userId, userId),
          gte(bankWithdrawals.createdAt, since),
          notInArray(bankWithdrawals.status, [...VOID_BANK]),
        ),
      );
    total += BigInt(bank?.total ?? '0');
  }
  return total;
}

/** BTC value (satoshi) of the user's withdrawals, on-chain and bank, in the rolling last 24 hours. */
export async function btcUsed24h(db: Db, userId: number, now: number): Promise<bigint> {
  const since = new Date(now - DAY);
  const [row] = await db
    .execute(
      sql`select (
          (select coalesce(sum(${withdrawals.btcValue}), 0) from ${withdrawals}
            where ${withdrawals.userId} = ${userId} and ${withdrawals.createdAt} >= ${since}
              and ${withdrawals.status} not in ('rejected', 'cancelled', 'failed'))
        + (select coalesce(sum(${bankWithdrawals.btcValue}), 0) from ${bankWithdrawals}
            where ${bankWithdrawals.userId} = ${userId} and ${bankWithdrawals.createdAt} >= ${since}
              and ${bankWithdrawals.status} <> 'rejected')
        )::text as total`,
    )
    .then((r) => (r as unknown as { rows: Array<{ total: string }> }).rows);
  return BigInt(row?.total ?? '0');
}

/** The KYC level's 24-hour limit in satoshi. */
export function btcLimitOf(level: KycLevel): bigint {
  return parseUnits(KYC_LIMITS[level].withdrawBtcPer24h, BTC_SCALE);
}

/**
 * Value of an amount in BTC through the index prices (currency → USDT → BTC), rounded UP so the
 * limit is never under-counted. Throws PRICE_UNAVAILABLE when a price is stale or missing.
 */
export function btcValueOf(prices: PriceService, currency: string, units: bigint): bigint {
  if (currency === 'BTC') return units;
  const c = currencyOf(currency)!;
  const usdtScale = currencyOf('USDT')!.scale;
  const usdt = multiplyPrice(units, c.scale, prices.usdtPriceUnits(currency), PRICE_SCALE, usdtScale + 6, 'ceil');
  return dividePrice(usdt, usdtScale + 6, prices.usdtPriceUnits('BTC'), PRICE_SCALE, BTC_SCALE, 'ceil');
}

/**
 * Satoshi → minor units of a currency at the index, rounded DOWN (what the user may still withdraw
 * in that currency must never be overstated). null when a price is unavailable.
 */
export function unitsOfBtc(prices: PriceService, sats: bigint, currency: CurrencyConfig): bigint | null {
  if (currency.code === 'BTC') return sats;
  try {
    const usdtScale = currencyOf('USDT')!.scale;
    const usdt = multiplyPrice(sats, BTC_SCALE, prices.usdtPriceUnits('BTC'), PRICE_SCALE, usdtScale + 6, 'floor');
    return dividePrice(usdt, usdtScale + 6, prices.usdtPriceUnits(currency.code), PRICE_SCALE, currency.scale, 'floor');
  } catch {
    return null;
  }
}

export const showBtc = (sats: bigint) => formatUnits(sats, BTC_SCALE);
const rest = (limit: bigint, used: bigint) => (limit > used ? limit - used : 0n);

/** Per-transaction bounds of a route, in the currency's minor units. */
export function perTransaction(route: WithdrawRoute, currency: CurrencyConfig, level: KycLevel, config: WalletConfig) {
  if (route === 'bank') {
    return {
      min: parseUnits(config.bank.min, currency.scale),
      max: parseUnits(KYC_LIMITS[level].fiatPerTrade, currency.scale),
    };
  }
  return {
    min: parseUnits(currency.withdraw.min, currency.scale),
    max: parseUnits(currency.withdraw.max, currency.scale),
  };
}

/** Refuses an amount outside the route's per-transaction bounds (checked before anything is locked). */
export function checkPerTransaction(
  route: WithdrawRoute,
  currency: CurrencyConfig,
  level: KycLevel,
  config: WalletConfig,
  amount: bigint,
): void {
  const { min, max } = perTransaction(route, currency, level, config);
  if (route === 'bank') {
    if (amount < min) throw badRequest('BELOW_MINIMUM', 'bank.belowMinimum', { min: show(min, currency) }, 'amount');
    if (amount > max) throw badRequest('KYC_LIMIT', 'bank.kycLimit', { limit: show(max, currency) }, 'amount');
    return;
  }
  if (amount < min)
    throw badRequest(
      'BELOW_MINIMUM',
      'withdraw.belowMinimum',
      { min: show(min, currency), currency: currency.code },
      'amount',
    );
  if (amount > max)
    throw badRequest(
      'ABOVE_MAXIMUM',
      'withdraw.aboveMaximum',
      { max: show(max, currency), currency: currency.code },
      'amount',
    );
}

/**
 * The daily maximum and the KYC 24-hour limit, checked inside the transaction that records the
 * withdrawal, after the user's withdrawals were serialised (lockUserWithdrawals): two parallel
 * applications see each other's amounts.
 */
export async function checkRollingLimits(
  tx: Db,
  userId: number,
  level: KycLevel,
  currency: CurrencyConfig,
  amount: bigint,
  btcValue: bigint,
  now: number,
): Promise<void> {
  const daily = parseUnits(currency.withdraw.daily, currency.scale);
  const today = await usedToday(tx, userId, currency.code, now);
  if (today + amount > daily) {
    throw badRequest(
      'DAILY_LIMIT',
      'withdraw.dailyLimit',
      { remaining: show(rest(daily, today), currency), currency: currency.code },
      'amount',
    );
  }
  const limit = btcLimitOf(level);
  const used = await btcUsed24h(tx, userId, now);
  if (used + btcValue > limit) {
    throw badRequest(
      'KYC_LIMIT',
      'withdraw.kycLimit',
      { limit: showBtc(limit), remaining: showBtc(rest(limit, used)) },
      'amount',
    );
  }
}

/** Serialises one user's withdrawals (on-chain and bank) so the limit checks and the freeze see each other. */
export async function lockUserWithdrawals(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wallet.withdraw'), ${userId}::int)`);
}

/**
 * What is left of every limit for a user, stated in the currency of each withdrawal (draw infos):
 * `kycRemaining` is the KYC 24-hour remainder converted at the index (rounded down; null without a
 * price), `todayRemaining` the smaller of the daily maximum's remainder and `kycRemaining` — the
 * most the user may really still withdraw today (an unverified user: 0).
 */
export async function remainingLimits(
  db: Db,
  prices: PriceService,
  userId: number,
  level: KycLevel,
  now: number,
  currency: CurrencyConfig,
  btcRemaining: bigint,
) {
  const daily = parseUnits(currency.withdraw.daily, currency.scale);
  const dailyRemaining = rest(daily, await usedToday(db, userId, currency.code, now));
  const kyc = unitsOfBtc(prices, btcRemaining, currency);
  const today = kyc === null ? (level === 'none' ? 0n : null) : kyc < dailyRemaining ? kyc : dailyRemaining;
  return {
    dailyRemaining,
    kycRemaining: kyc === null ? null : show(kyc, currency),
    todayRemaining: today === null ? null : show(today, currency),
  };
}

/** The KYC 24-hour limit and its remainder in satoshi. */
export async function btcRemaining(db: Db, userId: number, level: KycLevel, now: number) {
  const limit = btcLimitOf(level);
  return { limit, remaining: rest(limit, await btcUsed24h(db, userId, now)) };
}
