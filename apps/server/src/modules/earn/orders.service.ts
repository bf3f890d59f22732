import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { currencyOf } from '../market/currencies.ts';
import { amountOrFail, show } from '../wallet/amounts.ts';
import { runOnce } from '../wallet/idempotency.ts';
import type { AccountRef } from '../wallet/ledger.service.ts';
import type { EarnDeps } from './earn-deps.ts';
import { DAY_MS, dailyYieldOf, earlyRedemptionOf, expectedEarnings, maturityDay, utcDay } from './earn-math.ts';
import { earnOrders, type SourceWallet } from './earn.schema.ts';
import { activePrincipal, planOrFail, promisedYield, rateText, rateUnits, type PlanRow } from './plans.service.ts';
import { newestFirstPage } from '../common/newest-first-page.ts';

type OrderRow = typeof earnOrders.$inferSelect;

const stakingOf = (currency: string): AccountRef => ({ system: 'staking_interest', currency });
const earnOf = (userId: number, currency: string): AccountRef => ({ userId, currency, wallet: 'earn' });

/** Terms a subscription of `amount` to `plan` at `now` would get (what preview shows and subscribe fixes). */
export function termsAt(plan: PlanRow, amount: bigint, now: number) {
  const rate = rateUnits(plan.rate);
  const startDay = utcDay(now);
  return {
    rate,
    dailyYield: dailyYieldOf(amount, rate),
    expected: expectedEarnings(amount, rate, plan.lockDays),
    startDay,
    endsAt: maturityDay(startDay, plan.lockDays) * DAY_MS,
    graceUntil: now + plan.graceMinutes * 60_000,
    early: earlyRedemptionOf(amount, 0n, rateUnits(plan.penaltyRate)),
  };
}

/** Decimal text of `amount` for the plan's currency: format, > 0 ("Amount must be greater than zero"). */
function amountFor(plan: PlanRow, text: string): bigint {
  return amountOrFail(text, currencyOf(plan.currency)!);
}

export async function preview(deps: EarnDeps, body: { planId: number; amount: string }) {
  const plan = await planOrFail(deps.ctx.db, body.planId);
  const amount = amountFor(plan, body.amount);
  const now = deps.ctx.clock.now();
  const x = termsAt(plan, amount, now);
  const c = plan.currency;
  return {
    planId: plan.id,
    currency: c,
    amount: show(amount, c),
    dailyRate: rateText(x.rate),
    dailyEarnings: show(x.dailyYield, c),
    expectedEarnings: show(x.expected, c),
    lockDays: plan.lockDays,
    startTime: now,
    endTime: x.endsAt,
    graceUntil: x.graceUntil,
    penaltyRate: rateText(rateUnits(plan.penaltyRate)),
    // if redeemed early: this part of the principal plus every earning accrued until then
    earlyPenalty: show(x.early.principalPenalty, c),
    earlyReceive: show(x.early.receive, c),
  };
}

/** An order as the lock record shows it, with what an early redemption would cost right now. */
export function orderView(o: OrderRow, now: number) {
  const c = o.currency;
  const active = o.state === 'active';
  const early = earlyRedemptionOf(o.amount, o.accrued, rateUnits(o.penaltyRate));
  return {
    id: o.id,
    planId: o.planId,
    currency: c,
    sourceWallet: o.sourceWallet,
    amount: show(o.amount, c),
    earnings: show(o.accrued, c),
    expectedEarnings: show(o.dailyYield * BigInt(o.lockDays), c),
    dailyRate: rateText(rateUnits(o.dailyRate)),
    dailyEarnings: show(o.dailyYield, c),
    lockDays: o.lockDays,
    daysPaid: o.daysPaid,
    startTime: o.startedAt.getTime(),
    endTime: o.endsAt.getTime(),
    graceUntil: o.graceUntil.getTime(),
    state: o.state,
    canRevoke: active && now < o.graceUntil.getTime(),
    canRedeem: active && now < o.endsAt.getTime(),
    earlyRedemption: active
      ? {
          penalty: show(early.penalty, c),
          principalPenalty: show(early.principalPenalty, c),
          forfeitedEarnings: show(early.forfeited, c),
          receive: show(early.receive, c),
        }
      : null,
    penalty: o.penalty === null ? null : show(o.penalty, c),
    closedTime: o.closedAt?.getTime() ?? null,
  };
}

export interface SubscribeRequest {
  requestId: string;
  planId: number;
  amount: string;
  wallet: SourceWallet;
  fundPassword: string;
}

async function checkFundPassword(deps: EarnDeps, userId: number, plain: string): Promise<void> {
  const accounts = deps.accounts();
  const user = await accounts.getUser(userId);
  if (!user?.fundPasswordSet)
    throw badRequest('FUND_PASSWORD_NOT_SET', 'withdraw.fundPasswordNotSet', undefined, 'fundPassword');
  if (!(await accounts.verifyFundPassword(userId, plain)))
    throw badRequest('FUND_PASSWORD_WRONG', 'withdraw.fundPasswordWrong', undefined, 'fundPassword');
}

/**
 * Locks `amount` of the chosen wallet into the plan: one journal entry moves it from the wallet's
 * available balance to the earn wallet's frozen balance, where it stays until the order closes.
 * Refused (and nothing changes) when the plan is closed, the amount is outside its limits, the
 * capacity is used up, the wallet is short, or the staking-interest account cannot pay this
 * order's full term on top of everything already promised.
 */
export async function subscribe(deps: EarnDeps, userId: number, body: SubscribeRequest) {
  const first = await planOrFail(deps.ctx.db, body.planId);
  const amount = amountFor(first, body.amount);
  const c = first.currency;
  await checkFundPassword(deps, userId, body.fundPassword);
  const ledger = deps.ledger();
  return runOnce(ledger, userId, body.requestId, 'earn.subscribe', body, async (tx) => {
    const plan = await planOrFail(tx, body.planId, true);
    if (plan.status !== 'open') throw badRequest('PLAN_CLOSED', 'earn.planClosed');
    if (amount < plan.minAmount)
      throw badRequest('BELOW_MINIMUM', 'earn.belowMin', { min: show(plan.minAmount, c), currency: c }, 'amount');
    if (amount > plan.maxAmount)
      throw badRequest('ABOVE_MAXIMUM', 'earn.aboveMax', { max: show(plan.maxAmount, c), currency: c }, 'amount');
    const held = await activePrincipal(tx, plan.id);
    if (held + amount > plan.capacity) {
      const left = plan.capacity > held ? plan.capacity - held : 0n;
      throw badRequest('CAPACITY_FULL', 'earn.capacityFull', { remaining: show(left, c), currency: c }, 'amount');
    }
    const now = deps.ctx.clock.now();
    const x = termsAt(plan, amount, now);
    // the staking-interest account of the currency is locked first by every earn transaction:
    // it serialises the coverage check with other subscriptions and with the accrual job
    const interest = await ledger.lockBalance(tx, stakingOf(c));
    if (interest.available < (await promisedYield(tx, c)) + x.expected)
      throw new AppError(409, 'EARN_NOT_COVERED', 'earn.notCovered');

    const [order] = await tx
      .insert(earnOrders)
      .values({
        userId,
        planId: plan.id,
        currency: c,
        sourceWallet: body.wallet,
        amount,
        dailyRate: rateText(x.rate),
        dailyYield: x.dailyYield,
        lockDays: plan.lockDays,
        penaltyRate: plan.penaltyRate,
        startDay: x.startDay,
        startedAt: new Date(now),
        endsAt: new Date(x.endsAt),
        graceUntil: new Date(x.graceUntil),
        state: 'active',
      })
      .returning();
    await ledger.post(tx, {
      kind: 'earn.subscribe',
      reference: `earn_order:${order!.id}`,
      movements: [
        { account: { userId, currency: c, wallet: body.wallet }, available: -amount },
        { account: earnOf(userId, c), frozen: amount },
      ],
    });
    return orderView(order!, now);
  });
}

/** Reads the user's order (404 for anyone else's), then locks interest account and order in that order. */
async function lockOwnOrder(deps: EarnDeps, tx: Db, userId: number, orderId: number): Promise<OrderRow> {
  const [peek] = await tx
    .select({ currency: earnOrders.currency })
    .from(earnOrders)
    .where(and(eq(earnOrders.id, orderId), eq(earnOrders.userId, userId)));
  if (!peek) throw notFound('earn.orderNotFound');
  await deps.ledger().lockBalance(tx, stakingOf(peek.currency));
  const [o] = await tx.select().from(earnOrders).where(eq(earnOrders.id, orderId)).for('update');
  if (o!.state !== 'active') throw badRequest('WRONG_STATE', 'earn.notActive');
  return o!;
}

/**
 * Ends an order before its end date: the principal less the published penalty comes back to the
 * earn wallet; the penalty and the earnings accrued so far go back to the staking-interest account
 * (they fund the yield of the other stakers).
 */
export async function redeem(deps: EarnDeps, userId: number, body: { requestId: string; orderId: number }) {
  const ledger = deps.ledger();
  return runOnce(ledger, userId, body.requestId, 'earn.redeem', body, async (tx) => {
    const o = await lockOwnOrder(deps, tx, userId, body.orderId);
    const now = deps.ctx.clock.now();
    if (now >= o.endsAt.getTime()) throw new AppError(409, 'MATURING', 'earn.maturing');
    const early = earlyRedemptionOf(o.amount, o.accrued, rateUnits(o.penaltyRate));
    await ledger.post(tx, {
      kind: 'earn.redeem',
      reference: `earn_order:${o.id}`,
      memo: `early redemption: penalty ${early.principalPenalty}, forfeited ${early.forfeited}`,
      movements: [
        { account: earnOf(userId, o.currency), frozen: -(o.amount + o.accrued), available: early.receive },
        { account: stakingOf(o.currency), available: early.penalty },
      ],
    });
    return closeOrder(tx, o.id, 'redeemed', early.penalty, now);
  });
}

/** Within the plan's grace period: a full refund to the wallet the principal came from, no yield. */
export async function revoke(deps: EarnDeps, userId: number, body: { requestId: string; orderId: number }) {
  const ledger = deps.ledger();
  return runOnce(ledger, userId, body.requestId, 'earn.revoke', body, async (tx) => {
    const o = await lockOwnOrder(deps, tx, userId, body.orderId);
    const now = deps.ctx.clock.now();
    if (now >= o.graceUntil.getTime()) throw badRequest('GRACE_OVER', 'earn.graceOver');
    await ledger.post(tx, {
      kind: 'earn.revoke',
      reference: `earn_order:${o.id}`,
      movements: [
        { account: earnOf(userId, o.currency), frozen: -(o.amount + o.accrued) },
        { account: { userId, currency: o.currency, wallet: o.sourceWallet }, available: o.amount },
        { account: stakingOf(o.currency), available: o.accrued },
      ],
    });
    return closeOrder(tx, o.id, 'revoked', null, now);
  });
}

async function closeOrder(tx: Db, id: number, state: 'redeemed' | 'revoked', penalty: bigint | null, now: number) {
  const [row] = await tx
    .update(earnOrders)
    .set({ state, penalty, closedAt: new Date(now) })
    .where(eq(earnOrders.id, id))
    .returning();
  return orderView(row!, now);
}

export async function listOrders(
  deps: EarnDeps,
  userId: number | null,
  q: { state?: OrderRow['state'] | undefined; page: number; size: number },
) {
  const conds = [];
  if (userId !== null) conds.push(eq(earnOrders.userId, userId));
  if (q.state) conds.push(eq(earnOrders.state, q.state));
  const where = conds.length ? and(...conds) : undefined;
  const { total, rows } = await newestFirstPage(deps.ctx.db, earnOrders, where, q);
  const now = deps.ctx.clock.now();
  return {
    total,
    items: rows.map((o) => ({ ...orderView(o, now), ...(userId === null ? { userId: o.userId } : {}) })),
  };
}
