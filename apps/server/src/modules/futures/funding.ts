import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Movement } from '../wallet/ledger.service.ts';
import type { ContractBook } from './contract-book.ts';
import { averagePremium, fundingPayments, fundingRate } from './domain/funding.ts';
import { futuresFundingPayments, futuresFundingRounds, futuresPositions } from './futures.schema.ts';
import { CLEARING, postNonEmpty, walletOf } from './settle-fill.ts';
import { toPosition } from './risk.ts';

/**
 * Funding settlement of one contract at `fundingTime` (reference A2.8), inside its sequencer. The rate is the
 * interval's average premium plus the clamped interest; payments flow between the longs and shorts open now,
 * as ONE journal entry that sums to zero (the platform takes nothing). A payer pays from its wallet first
 * (cross) or from its position margin (isolated, or cross when the wallet is short); a payer that cannot pay
 * in full pays what it has and the receivers share what was actually collected.
 */
export function fundingTimeAtOrBefore(now: number, intervalMs: number): number {
  return Math.floor(now / intervalMs) * intervalMs;
}

export async function settleFunding(
  book: ContractBook,
  tx: Db,
  fundingTime: number,
): Promise<{ rate: bigint; total: bigint; positions: number } | null> {
  const c = book.contract;
  const mark = book.mark;
  if (mark === null) return null;
  book.effects.ticked = true; // funding moves positions' interest and wallets: republished with the tick
  const [done] = await tx
    .select({ id: futuresFundingRounds.id })
    .from(futuresFundingRounds)
    .where(and(eq(futuresFundingRounds.symbol, c.symbol), eq(futuresFundingRounds.fundingTime, new Date(fundingTime))));
  if (done) return null;
  const rate = fundingRate(c, averagePremium(book.premiums));
  const rows = await tx
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.symbol, c.symbol), eq(futuresPositions.status, 'open')))
    .orderBy(futuresPositions.id);
  const sizes = rows.map((r) => toPosition(r).size);
  let amounts = fundingPayments(rate, mark, sizes);

  // what each payer can actually pay
  const movements: Movement[] = [];
  const marginChange = new Map<number, bigint>();
  let shortfall = false;
  const paid = new Array<bigint>(rows.length).fill(0n);
  for (let i = 0; i < rows.length; i++) {
    const owed = -amounts[i]!;
    if (owed <= 0n) continue;
    const r = rows[i]!;
    let fromWallet = 0n;
    if (r.marginMode === 'cross') {
      const available =
        (await book.ledger.lockBalance(tx, walletOf(r.userId))).available + pendingAvailable(movements, r.userId);
      fromWallet = owed < available ? owed : available > 0n ? available : 0n;
    }
    const fromMargin = owed - fromWallet < r.margin ? owed - fromWallet : r.margin;
    if (fromWallet + fromMargin < owed) shortfall = true;
    if (fromWallet > 0n) movements.push({ account: walletOf(r.userId), available: -fromWallet });
    if (fromMargin > 0n) {
      movements.push({ account: CLEARING, available: -fromMargin });
      marginChange.set(r.id, -fromMargin);
    }
    paid[i] = fromWallet + fromMargin;
  }
  if (shortfall) {
    // receivers share what was collected, by size, largest remainder (still exactly zero-sum)
    const collected = paid.reduce((s, x) => s + x, 0n);
    amounts = shareAmong(collected, amounts, paid);
  } else {
    for (let i = 0; i < rows.length; i++) if (amounts[i]! < 0n) amounts[i] = -paid[i]!;
  }
  let total = 0n;
  for (let i = 0; i < rows.length; i++) {
    const a = amounts[i]!;
    if (a <= 0n) continue;
    total += a;
    const r = rows[i]!;
    if (r.marginMode === 'cross') movements.push({ account: walletOf(r.userId), available: a });
    else {
      movements.push({ account: CLEARING, available: a });
      marginChange.set(r.id, (marginChange.get(r.id) ?? 0n) + a);
    }
  }
  await postNonEmpty(tx, book.ledger, 'futures_funding', `futures:${c.symbol}:funding:${fundingTime}`, movements);
  const now = new Date(fundingTime);
  const [round] = await tx
    .insert(futuresFundingRounds)
    .values({
      symbol: c.symbol,
      fundingTime: now,
      rate,
      markTicks: mark,
      total,
      positions: rows.length,
      createdAt: now,
    })
    .returning();
  for (let i = 0; i < rows.length; i++) {
    const a = amounts[i]!;
    if (a === 0n) continue;
    const r = rows[i]!;
    await tx.insert(futuresFundingPayments).values({
      roundId: round!.id,
      userId: r.userId,
      positionId: r.id,
      symbol: c.symbol,
      side: r.side,
      positionValue: r.qtyLots * mark,
      amount: a,
      createdAt: now,
    });
    await tx
      .update(futuresPositions)
      .set({ funding: r.funding + a, margin: r.margin + (marginChange.get(r.id) ?? 0n) })
      .where(eq(futuresPositions.id, r.id));
  }
  book.premiums = [];
  book.lastFundingTime = fundingTime;
  book.lastFundingRate = rate;
  return { rate, total, positions: rows.length };
}

function pendingAvailable(movements: Movement[], userId: number): bigint {
  let s = 0n;
  for (const m of movements) if ('userId' in m.account && m.account.userId === userId) s += m.available ?? 0n;
  return s;
}

/** Payers keep −paid; receivers (amount > 0) share `collected` by their original amounts, largest remainder. */
function shareAmong(collected: bigint, amounts: bigint[], paid: bigint[]): bigint[] {
  const out = amounts.map((a, i) => (a < 0n ? -paid[i]! : 0n));
  const weights = amounts.map((a) => (a > 0n ? a : 0n));
  const totalWeight = weights.reduce((s, w) => s + w, 0n);
  if (totalWeight === 0n) return out;
  let given = 0n;
  const rem: Array<{ i: number; r: bigint }> = [];
  weights.forEach((w, i) => {
    if (w === 0n) return;
    out[i] = (collected * w) / totalWeight;
    given += out[i]!;
    rem.push({ i, r: (collected * w) % totalWeight });
  });
  rem.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (let k = 0; given < collected; k++) {
    out[rem[k]!.i]! += 1n;
    given += 1n;
  }
  return out;
}
