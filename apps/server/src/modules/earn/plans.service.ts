import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import { formatUnits, parseRate, RATE_SCALE } from '@tidemark/contract/money';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import { currencyOf } from '../market/currencies.ts';
import { show } from '../wallet/amounts.ts';
import type { EarnDeps } from './earn-deps.ts';
import { DAY_MS, expectedEarnings, maturityDay, utcDay } from './earn-math.ts';
import { earnOrders, earnPlans } from './earn.schema.ts';

export type PlanRow = typeof earnPlans.$inferSelect;

/** A rate as stored (numeric text) → its units at RATE_SCALE. */
export const rateUnits = (stored: string): bigint => parseRate(stored);
/** A rate as JSON carries it: "0.0005". */
export const rateText = (units: bigint): string => formatUnits(units, RATE_SCALE);

export async function planOrFail(db: Db, id: number, lock = false): Promise<PlanRow> {
  const q = db.select().from(earnPlans).where(eq(earnPlans.id, id));
  const [plan] = lock ? await q.for('update') : await q;
  if (!plan) throw notFound('earn.planNotFound');
  return plan;
}

/** Principal held by the plan's active orders (what its capacity is measured against). */
export async function activePrincipal(db: Db, planId: number): Promise<bigint> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${earnOrders.amount}), 0)::text` })
    .from(earnOrders)
    .where(and(eq(earnOrders.planId, planId), eq(earnOrders.state, 'active')));
  return BigInt(row?.n ?? '0');
}

/** What the active orders of a currency are still owed from the staking-interest account. */
export async function promisedYield(db: Db, currency: string): Promise<bigint> {
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(${earnOrders.dailyYield} * (${earnOrders.lockDays} - ${earnOrders.daysPaid})), 0)::text`,
    })
    .from(earnOrders)
    .where(and(eq(earnOrders.currency, currency), eq(earnOrders.state, 'active')));
  return BigInt(row?.n ?? '0');
}

/** The staking-interest balance not yet promised to an active order. */
export async function freeInterest(deps: EarnDeps, currency: string, db: Db = deps.ctx.db): Promise<bigint> {
  const { available } = await deps.ledger().balance({ system: 'staking_interest', currency }, db);
  return available - (await promisedYield(db, currency));
}

/** A plan as the app shows it: terms, limits, remaining capacity, and whether it accepts subscriptions now. */
export async function planView(deps: EarnDeps, p: PlanRow, locale: Locale) {
  const held = await activePrincipal(deps.ctx.db, p.id);
  const rate = rateUnits(p.rate);
  const rateMin = rateUnits(p.rateMin);
  const rateMax = rateUnits(p.rateMax);
  const remaining = p.capacity > held ? p.capacity - held : 0n;
  // covered: the interest account can still pay the smallest subscription its full term
  const covered = (await freeInterest(deps, p.currency)) >= expectedEarnings(p.minAmount, rate, p.lockDays);
  return {
    id: p.id,
    currency: p.currency,
    /** decimals of the currency's minor unit (what an amount may carry) */
    scale: currencyOf(p.currency)!.scale,
    lockDays: p.lockDays,
    dailyRate: rateText(rate),
    rateRule: rateMin === rateMax ? ('fixed' as const) : ('range' as const),
    rateMin: rateText(rateMin),
    rateMax: rateText(rateMax),
    minAmount: show(p.minAmount, p.currency),
    maxAmount: show(p.maxAmount, p.currency),
    capacity: show(p.capacity, p.currency),
    remaining: show(remaining, p.currency),
    penaltyRate: rateText(rateUnits(p.penaltyRate)),
    graceMinutes: p.graceMinutes,
    /** the end date of a lock made now (server clock; the start of UTC day today + lockDays) */
    endTime: maturityDay(utcDay(deps.ctx.clock.now()), p.lockDays) * DAY_MS,
    status: p.status,
    accepting: p.status === 'open' && covered && remaining >= p.minAmount,
    covered,
    yieldSource: t(locale, 'earn.yieldSource'),
  };
}

export async function listPlans(deps: EarnDeps, locale: Locale, includeClosed: boolean) {
  const rows = await deps.ctx.db
    .select()
    .from(earnPlans)
    .where(includeClosed ? undefined : eq(earnPlans.status, 'open'))
    .orderBy(asc(earnPlans.sort), asc(earnPlans.id));
  const items = [];
  for (const p of rows) items.push(await planView(deps, p, locale));
  return { items };
}

/** Terms an operator (or the seed) gives a plan, already in units. */
export interface PlanTerms {
  currency: string;
  lockDays: number;
  rateMin: bigint;
  rateMax: bigint;
  rate: bigint;
  minAmount: bigint;
  maxAmount: bigint;
  capacity: bigint;
  penaltyRate: bigint;
  graceMinutes: number;
  status: 'open' | 'closed';
  sort: number;
}

/** Refuses terms the database would refuse, with a message the operator can act on. */
export function checkTerms(p: PlanTerms): void {
  if (p.rateMin > p.rateMax || p.minAmount > p.maxAmount || p.maxAmount > p.capacity)
    throw badRequest('VALIDATION', 'earn.planInvalid');
  if (p.rate < p.rateMin || p.rate > p.rateMax)
    throw badRequest('VALIDATION', 'earn.rateOutOfRange', undefined, 'rate');
}

export const termsColumns = (p: PlanTerms) => ({
  currency: p.currency,
  lockDays: p.lockDays,
  rateMin: rateText(p.rateMin),
  rateMax: rateText(p.rateMax),
  rate: rateText(p.rate),
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  capacity: p.capacity,
  penaltyRate: rateText(p.penaltyRate),
  graceMinutes: p.graceMinutes,
  status: p.status,
  sort: p.sort,
});

export function termsOf(p: PlanRow): PlanTerms {
  return {
    currency: p.currency,
    lockDays: p.lockDays,
    rateMin: rateUnits(p.rateMin),
    rateMax: rateUnits(p.rateMax),
    rate: rateUnits(p.rate),
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    capacity: p.capacity,
    penaltyRate: rateUnits(p.penaltyRate),
    graceMinutes: p.graceMinutes,
    status: p.status,
    sort: p.sort,
  };
}
