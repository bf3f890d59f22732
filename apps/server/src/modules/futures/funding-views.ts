import { and, count, desc, eq } from 'drizzle-orm';
import type { FundingInfo, FundingPayment } from '@tidemark/contract/futures';
import { contractOf, ticksToPrice } from './domain/contracts.ts';
import { averagePremium, fundingRate } from './domain/funding.ts';
import { futuresFundingPayments, futuresFundingRounds } from './futures.schema.ts';
import { booksOf, type FuturesScope } from './futures-scope.ts';
import { fundingTimeAtOrBefore } from './funding.ts';
import type { HistoryPage } from './position-views.ts';
import { rate, usdt } from './views.ts';

/** The funding a user paid or received, newest first, with the round's rate and mark. */
export async function fundingHistory(
  scope: FuturesScope,
  userId: number,
  q: { symbol?: string; page: number; size: number },
): Promise<HistoryPage<FundingPayment>> {
  const where = and(
    eq(futuresFundingPayments.userId, userId),
    q.symbol ? eq(futuresFundingPayments.symbol, q.symbol) : undefined,
  );
  const rows = await scope.db
    .select({ p: futuresFundingPayments, rate: futuresFundingRounds.rate, mark: futuresFundingRounds.markTicks })
    .from(futuresFundingPayments)
    .innerJoin(futuresFundingRounds, eq(futuresFundingRounds.id, futuresFundingPayments.roundId))
    .where(where)
    .orderBy(desc(futuresFundingPayments.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await scope.db.select({ n: count() }).from(futuresFundingPayments).where(where);
  const items: FundingPayment[] = rows.map(({ p, rate: r, mark }) => ({
    id: p.id,
    symbol: p.symbol,
    positionId: p.positionId,
    direction: p.side,
    rate: rate(r),
    markPrice: ticksToPrice(contractOf(p.symbol)!, mark),
    positionValue: usdt(p.positionValue),
    amount: usdt(p.amount),
    time: p.createdAt.getTime(),
  }));
  return { items, total: Number(total?.n ?? 0), page: q.page, size: q.size };
}

/** The predicted and last funding rate of one contract or all, and the time to the next settlement. */
export function fundingInfo(scope: FuturesScope, symbol?: string): FundingInfo[] {
  const now = scope.clock.now();
  return booksOf(scope, symbol).map((b) => {
    const c = b.contract;
    const next = fundingTimeAtOrBefore(now, c.fundingIntervalMs) + c.fundingIntervalMs;
    return {
      symbol: c.symbol,
      predictedRate: rate(fundingRate(c, averagePremium(b.premiums))),
      lastRate: b.lastFundingRate === null ? null : rate(b.lastFundingRate),
      interestRate: rate(c.fundingInterest),
      rateCap: rate(c.fundingCap),
      intervalHours: c.fundingIntervalMs / 3_600_000,
      nextFundingTime: next,
      countdown: next - now,
    };
  });
}
