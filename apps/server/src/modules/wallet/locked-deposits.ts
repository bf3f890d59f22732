import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { deposits } from './wallet.schema.ts';

/**
 * "Credited but not withdrawable yet": deposits with 1–2 confirmations are in the spot balance
 * (spendable on the platform) but locked from withdrawal until their 3rd confirmation.
 * withdrawable = max(0, spot available − sum of such deposits).
 */
export async function lockedDepositUnits(db: Db, userId: number, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amount}), 0)::text` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.currency, currency), eq(deposits.status, 'credited')));
  return BigInt(row?.total ?? '0');
}

export function withdrawableUnits(available: bigint, locked: bigint): bigint {
  const w = available - locked;
  return w > 0n ? w : 0n;
}
