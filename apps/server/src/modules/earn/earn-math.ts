import { feeOf, mulDiv, pow10, RATE_SCALE } from '@tidemark/contract/money';

/**
 * The arithmetic of a lock-staking order, exact in integer minor units (rates at RATE_SCALE):
 * - the daily yield is principal × daily rate, rounded DOWN to the currency's minor unit (the
 *   platform never promises a fraction of a unit it cannot pay), the same amount every day;
 * - the expected earnings are daily yield × lock days (no compounding);
 * - the principal part of an early-redemption penalty is principal × penalty rate, rounded UP
 *   (in the platform's favour, at most one minor unit above the exact value, like every fee);
 *   the yield accrued so far is forfeited as well.
 * Days are UTC days: the order earns for each of the `lockDays` days after its subscription day,
 * paid once the day has begun, and matures at the start of the last one.
 */
export const DAY_MS = 86_400_000;

/** The UTC day number of an instant (days since 1970-01-01). */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

export function dailyYieldOf(principal: bigint, dailyRate: bigint): bigint {
  if (principal < 0n || dailyRate < 0n) throw new RangeError('negative principal or rate');
  return mulDiv(principal, dailyRate, pow10(RATE_SCALE), 'floor');
}

export function expectedEarnings(principal: bigint, dailyRate: bigint, lockDays: number): bigint {
  return dailyYieldOf(principal, dailyRate) * BigInt(lockDays);
}

export function principalPenaltyOf(principal: bigint, penaltyRate: bigint): bigint {
  return feeOf(principal, penaltyRate);
}

export interface EarlyRedemption {
  /** Kept from the principal. */
  principalPenalty: bigint;
  /** Yield accrued so far that is given up. */
  forfeited: bigint;
  /** principalPenalty + forfeited: everything the user gives up. */
  penalty: bigint;
  /** What comes back to the user's earn wallet. */
  receive: bigint;
}

export function earlyRedemptionOf(principal: bigint, accrued: bigint, penaltyRate: bigint): EarlyRedemption {
  const principalPenalty = principalPenaltyOf(principal, penaltyRate);
  return {
    principalPenalty,
    forfeited: accrued,
    penalty: principalPenalty + accrued,
    receive: principal - principalPenalty,
  };
}

/** The day an order subscribed on `startDay` matures (its end date is the start of this day). */
export const maturityDay = (startDay: number, lockDays: number): number => startDay + lockDays;

/**
 * The UTC days still to be paid at `today`, oldest first: a missed day (downtime) is paid late,
 * never twice (the caller records each day with a unique row), never beyond the lock period.
 */
export function dueDays(startDay: number, lockDays: number, daysPaid: number, today: number): number[] {
  const last = Math.min(today, maturityDay(startDay, lockDays));
  const days: number[] = [];
  for (let d = startDay + daysPaid + 1; d <= last; d += 1) days.push(d);
  return days;
}

/** What the orders still owe from the staking-interest account: daily yield × unpaid days, summed. */
export function remainingPromised(orders: Array<{ dailyYield: bigint; lockDays: number; daysPaid: number }>): bigint {
  return orders.reduce((s, o) => s + o.dailyYield * BigInt(o.lockDays - o.daysPaid), 0n);
}
