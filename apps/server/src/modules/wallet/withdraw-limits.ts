import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { KYC_LIMITS, type KycLevel } from '@tidemark/contract/kyc';
import { formatUnits, multiplyPrice, dividePrice, parseUnits } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { currencyOf } from '../market/currencies.ts';
import { PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import { startOfUtcDay } from './wallet-deps.ts';
import { withdrawals } from './wallet.schema.ts';

const BTC_SCALE = 8;
const DAY = 86_400_000;
/** Withdrawals that no longer count against a limit. */
const VOID = ['rejected', 'cancelled', 'failed'] as const;

/** Sum of the user's withdrawals of a currency since the start of the current UTC day (per-day limit). */
export async function usedToday(db: Db, userId: number, currency: string, now: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.currency, currency),
        gte(withdrawals.createdAt, new Date(startOfUtcDay(now))),
        notInArray(withdrawals.status, [...VOID]),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** BTC value (satoshi) of the user's withdrawals in the rolling last 24 hours (KYC limit, spec §6). */
export async function btcUsed24h(db: Db, userId: number, now: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.btcValue}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, new Date(now - DAY)),
        notInArray(withdrawals.status, [...VOID]),
      ),
    );
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

export const showBtc = (sats: bigint) => formatUnits(sats, BTC_SCALE);
