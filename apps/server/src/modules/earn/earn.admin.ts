import { asciiText, idField, pageField } from '@tidemark/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { parseRate } from '@tidemark/contract/money';
import type { Locale } from '@tidemark/contract';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { currencyOf } from '../market/currencies.ts';
import { currencyOrFail, decimalField, show } from '../wallet/amounts.ts';
import type { EarnDeps } from './earn-deps.ts';
import { ORDER_STATES, PLAN_STATUSES, earnPlans } from './earn.schema.ts';
import { listOrders } from './orders.service.ts';
import {
  checkTerms,
  listPlans,
  planOrFail,
  planView,
  promisedYield,
  termsColumns,
  termsOf,
  type PlanTerms,
} from './plans.service.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

const rateField = asciiText({ max: 80 }).regex(/^0(\.\d{1,18})?$/, 'validation.invalid');
const planFields = {
  lockDays: z.number().int().min(1).max(3650),
  rateMin: rateField,
  rateMax: rateField,
  /** The rate new subscriptions get (inside the range); the minimum when left out at creation. */
  rate: rateField.optional(),
  minAmount: decimalField,
  maxAmount: decimalField,
  capacity: decimalField,
  penaltyRate: rateField,
  graceMinutes: z.number().int().min(0).max(1440),
  status: z.enum(PLAN_STATUSES),
  sort: z.number().int().min(0).max(10_000),
};
const createBody = z
  .object({
    currency: asciiText({ max: 10 }).toUpperCase().min(1),
    ...planFields,
    rate: planFields.rate,
    status: planFields.status.default('open'),
    sort: planFields.sort.default(0),
  })
  .strict();
const updateBody = z.object({ id: idField, ...z.object(planFields).partial().shape }).strict();

type PlanInput = Partial<Omit<z.infer<typeof createBody>, 'currency'>>;

function units(text: string, scale: number, field: string): bigint {
  const u = amountInput(text, scale, field);
  if (u <= 0n) throw badRequest('VALIDATION', 'wallet.amountPositive', undefined, field);
  return u;
}

/** Applies the operator's changes to terms (amounts in the plan currency's scale). */
function merge(base: PlanTerms, input: PlanInput): PlanTerms {
  const scale = currencyOf(base.currency)!.scale;
  const next: PlanTerms = { ...base };
  if (input.lockDays !== undefined) next.lockDays = input.lockDays;
  if (input.rateMin !== undefined) next.rateMin = parseRate(input.rateMin);
  if (input.rateMax !== undefined) next.rateMax = parseRate(input.rateMax);
  if (input.rate !== undefined) next.rate = parseRate(input.rate);
  if (input.minAmount !== undefined) next.minAmount = units(input.minAmount, scale, 'minAmount');
  if (input.maxAmount !== undefined) next.maxAmount = units(input.maxAmount, scale, 'maxAmount');
  if (input.capacity !== undefined) next.capacity = units(input.capacity, scale, 'capacity');
  if (input.penaltyRate !== undefined) next.penaltyRate = parseRate(input.penaltyRate);
  if (input.graceMinutes !== undefined) next.graceMinutes = input.graceMinutes;
  if (input.status !== undefined) next.status = input.status;
  if (input.sort !== undefined) next.sort = input.sort;
  return next;
}

/** Per currency with plans: the staking-interest balance, what active orders are still owed, and the rest. */
async function coverage(deps: EarnDeps) {
  const currencies = [
    ...new Set((await deps.ctx.db.select({ c: earnPlans.currency }).from(earnPlans)).map((r) => r.c)),
  ].sort();
  const items = [];
  for (const c of currencies) {
    const { available } = await deps.ledger().balance({ system: 'staking_interest', currency: c });
    const promised = await promisedYield(deps.ctx.db, c);
    items.push({
      currency: c,
      balance: show(available, c),
      promised: show(promised, c),
      free: show(available - promised, c),
    });
  }
  return { items };
}

/**
 * The back office's earn calls (finance; super_admin always passes). Plan changes are audited in
 * the same transaction and apply to new subscriptions only: an order keeps the terms it was sold
 * with. The staking-interest account is funded with the wallet's two-operator adjustment
 * (/admin/wallet/adjustments/propose with system 'staking_interest', approved by another operator).
 */
export function registerEarnAdmin(app: Api, ctx: AppContext, deps: EarnDeps): void {
  const finance = { preHandler: ctx.guards.operator('finance') };
  const tags = ['admin'];
  const locale = (r: { locale: Locale }) => r.locale;

  app.post('/admin/earn/plans', { ...finance, schema: { tags } }, async (r) => listPlans(deps, locale(r), true));
  app.post('/admin/earn/coverage', { ...finance, schema: { tags } }, async () => coverage(deps));
  app.post(
    '/admin/earn/orders',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            state: z.enum(ORDER_STATES).optional(),
            page: pageField,
            size: z.number().int().min(1).max(200).default(50),
          })
          .strict(),
      },
    },
    async (r) => listOrders(deps, null, r.body),
  );

  // the back office's user page: one user's staking orders, for every desk that answers users
  app.post(
    '/admin/earn/user-orders',
    {
      preHandler: ctx.guards.operator('finance', 'support', 'compliance'),
      schema: {
        tags,
        body: z
          .object({ userId: idField, page: pageField, size: z.number().int().min(1).max(200).default(50) })
          .strict(),
      },
    },
    async (r) => listOrders(deps, r.body.userId, r.body),
  );
  app.post('/admin/earn/plans/create', { ...finance, schema: { tags, body: createBody } }, async (r) => {
    const currency = currencyOrFail(r.body.currency).code;
    const { currency: _c, ...input } = r.body;
    const base: PlanTerms = {
      currency,
      lockDays: 1,
      rateMin: 0n,
      rateMax: 0n,
      rate: 0n,
      minAmount: 0n,
      maxAmount: 0n,
      capacity: 0n,
      penaltyRate: 0n,
      graceMinutes: 0,
      status: 'open',
      sort: 0,
    };
    const terms = merge(base, input);
    if (input.rate === undefined) terms.rate = terms.rateMin;
    checkTerms(terms);
    const row = await deps.ledger().transaction(async (tx) => {
      const now = new Date(ctx.clock.now());
      const [row] = await tx
        .insert(earnPlans)
        .values({ ...termsColumns(terms), createdAt: now, updatedAt: now })
        .returning();
      await deps.audit().record(
        {
          operatorId: r.operator!.id,
          action: 'earn.plan.create',
          targetType: 'earn_plan',
          targetId: row!.id,
          detail: { ...r.body },
          ip: r.ip,
        },
        tx,
      );
      return row!;
    });
    // read after commit: on the embedded database a query outside the open transaction would wait for it
    return planView(deps, row, locale(r));
  });

  app.post('/admin/earn/plans/update', { ...finance, schema: { tags, body: updateBody } }, async (r) => {
    const { id, ...input } = r.body;
    const row = await deps.ledger().transaction(async (tx) => {
      const plan = await planOrFail(tx, id, true);
      const terms = merge(termsOf(plan), input);
      checkTerms(terms);
      const [updated] = await tx
        .update(earnPlans)
        .set({ ...termsColumns(terms), updatedAt: new Date(ctx.clock.now()) })
        .where(eq(earnPlans.id, id))
        .returning();
      await deps.audit().record(
        {
          operatorId: r.operator!.id,
          action: 'earn.plan.update',
          targetType: 'earn_plan',
          targetId: id,
          detail: { ...input },
          ip: r.ip,
        },
        tx,
      );
      return updated!;
    });
    return planView(deps, row, locale(r));
  });
}
