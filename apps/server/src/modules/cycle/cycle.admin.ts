import { asciiText, text } from '@tidemark/contract';
import { and, eq, sql } from 'drizzle-orm';
import { formatUnits } from '@tidemark/contract/money';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import { instrumentOf } from '../market/instruments.ts';
import { decimalField } from '../wallet/amounts.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { STAKE_CURRENCY, STAKE_SCALE, productView, type CycleCatalog } from './catalog.service.ts';
import { cycleContracts, cycleProducts, SWITCH_SCOPES } from './cycle.schema.ts';
import { amountInput } from '../../platform/http/amount-input.ts';

const rate = asciiText({ max: 80 }).regex(/^\d{1,2}(\.\d{1,4})?$/, 'validation.invalid');
const feeRate = asciiText({ max: 80 }).regex(/^0(\.\d{1,6})?$/, 'validation.invalid');

/**
 * The back office's cycle calls (finance; super_admin always passes), each change audited in its own
 * transaction. Products, switches and pool funding only: no call touches a price, a tick or a result.
 */
export function registerCycleAdmin(app: Api, ctx: AppContext, catalog: CycleCatalog, ledger: LedgerService) {
  const audit = () => service(ctx, 'audit');
  const finance = { preHandler: ctx.guards.operator('finance') };
  const viewers = { preHandler: ctx.guards.operator('finance', 'compliance', 'support') };
  const tags = ['admin: cycle'];
  const usdt = (u: bigint) => formatUnits(u, STAKE_SCALE);
  const units = (text: string, field: string) => {
    const u = amountInput(text, STAKE_SCALE, field);
    if (u <= 0n) throw badRequest('VALIDATION', 'wallet.amountPositive', undefined, field);
    return u;
  };

  app.post('/admin/cycle/products', { ...viewers, schema: { tags } }, async () => ({
    products: (await catalog.products()).map((p) => ({
      instrument: p.instrument,
      enabled: p.enabled,
      ...productView(p),
    })),
    switches: (await catalog.switches()).map((s) => ({
      scope: s.scope,
      key: s.key,
      enabled: s.enabled,
      updatedAt: s.updatedAt.getTime(),
    })),
  }));

  // changes (or adds) one product; open contracts keep the terms they were bought with
  app.post(
    '/admin/cycle/products/update',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({
            instrument: asciiText({ max: 20 }).min(1),
            period: z.number().int().min(10).max(86_400),
            enabled: z.boolean().optional(),
            payoutRate: rate.optional(),
            feeRate: feeRate.optional(),
            minStake: decimalField.optional(),
            maxStake: decimalField.optional(),
            exposureLimit: decimalField.optional(),
          })
          .strict(),
      },
    },
    async (r) => {
      const b = r.body;
      if (!instrumentOf(b.instrument))
        throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'instrument');
      return ledger.transaction(async (tx) => {
        const before = await catalog.product(b.instrument, b.period, tx);
        const next = {
          payoutRate: b.payoutRate ?? before?.payoutRate,
          feeRate: b.feeRate ?? before?.feeRate,
          minStake: b.minStake !== undefined ? units(b.minStake, 'minStake') : before?.minStake,
          maxStake: b.maxStake !== undefined ? units(b.maxStake, 'maxStake') : before?.maxStake,
          userExposureLimit:
            b.exposureLimit !== undefined ? units(b.exposureLimit, 'exposureLimit') : before?.userExposureLimit,
          enabled: b.enabled ?? before?.enabled ?? true,
        };
        if (!next.payoutRate || !next.feeRate || !next.minStake || !next.maxStake || !next.userExposureLimit) {
          throw badRequest('VALIDATION', 'cycle.productFieldsRequired', undefined, 'payoutRate');
        }
        if (next.maxStake < next.minStake) throw badRequest('VALIDATION', 'cycle.limitsOrder', undefined, 'maxStake');
        if (next.userExposureLimit < next.maxStake)
          throw badRequest('VALIDATION', 'cycle.limitsOrder', undefined, 'exposureLimit');
        const row = {
          ...next,
          payoutRate: next.payoutRate,
          feeRate: next.feeRate,
          minStake: next.minStake,
          maxStake: next.maxStake,
          userExposureLimit: next.userExposureLimit,
          updatedAt: new Date(ctx.clock.now()),
        };
        const [saved] = await tx
          .insert(cycleProducts)
          .values({ instrument: b.instrument, periodSeconds: b.period, ...row })
          .onConflictDoUpdate({ target: [cycleProducts.instrument, cycleProducts.periodSeconds], set: row })
          .returning();
        await audit().record(
          {
            operatorId: r.operator!.id,
            action: before ? 'cycle.product.update' : 'cycle.product.create',
            targetType: 'cycle_product',
            targetId: `${b.instrument}:${b.period}`,
            detail: {
              before: before ? { enabled: before.enabled, ...productView(before) } : null,
              after: { enabled: saved!.enabled, ...productView(saved!) },
            },
            ip: r.ip,
          },
          tx,
        );
        return { instrument: saved!.instrument, enabled: saved!.enabled, ...productView(saved!) };
      });
    },
  );

  // switches a whole instrument, a period on every instrument, or a country on or off
  app.post(
    '/admin/cycle/switch',
    {
      ...finance,
      schema: {
        tags,
        body: z
          .object({ scope: z.enum(SWITCH_SCOPES), key: asciiText({ max: 20 }).min(1), enabled: z.boolean() })
          .strict(),
      },
    },
    async (r) => {
      const { scope, enabled } = r.body;
      const key = scope === 'country' ? r.body.key.toUpperCase() : r.body.key;
      if (scope === 'country' && !/^[A-Z]{2}$/.test(key))
        throw badRequest('VALIDATION', 'validation.invalid', undefined, 'key');
      if (scope === 'period' && !/^\d+$/.test(key))
        throw badRequest('VALIDATION', 'validation.invalid', undefined, 'key');
      if (scope === 'instrument' && !instrumentOf(key))
        throw badRequest('UNKNOWN_INSTRUMENT', 'market.unknownInstrument', undefined, 'key');
      return ledger.transaction(async (tx) => {
        await catalog.setSwitch(tx, scope, key, enabled);
        await audit().record(
          {
            operatorId: r.operator!.id,
            action: 'cycle.switch',
            targetType: `cycle_${scope}`,
            targetId: key,
            detail: { enabled },
            ip: r.ip,
          },
          tx,
        );
        return { scope, key, enabled };
      });
    },
  );

  // platform capital into the pool: an ordinary journal entry from the outside world, audited
  app.post(
    '/admin/cycle/pool/fund',
    {
      ...finance,
      schema: { tags, body: z.object({ amount: decimalField, memo: text({ max: 200 }).min(1) }).strict() },
    },
    async (r) => {
      const amount = units(r.body.amount, 'amount');
      return ledger.transaction(async (tx) => {
        const { transactionId } = await ledger.transfer(
          tx,
          'capital',
          { system: 'outside_world', currency: STAKE_CURRENCY },
          { system: 'cycle_pool', currency: STAKE_CURRENCY },
          amount,
          `cycle_pool_funding:operator:${r.operator!.id}`,
          r.body.memo,
        );
        await audit().record(
          {
            operatorId: r.operator!.id,
            action: 'cycle.pool.fund',
            targetType: 'ledger_transaction',
            targetId: transactionId,
            detail: { amount: usdt(amount), memo: r.body.memo },
            ip: r.ip,
          },
          tx,
        );
        const pool = await ledger.balance({ system: 'cycle_pool', currency: STAKE_CURRENCY }, tx);
        return { transactionId, pool: usdt(pool.available) };
      });
    },
  );

  // what the pool owes if every open contract wins, per instrument and side, and the settled record
  app.post('/admin/cycle/exposure', { ...viewers, schema: { tags } }, async () => {
    const pool = await ledger.balance({ system: 'cycle_pool', currency: STAKE_CURRENCY });
    const open = await ctx.db
      .select({
        instrument: cycleContracts.instrument,
        direction: cycleContracts.direction,
        count: sql<string>`count(*)`,
        stakes: sql<string>`coalesce(sum(${cycleContracts.stake}), 0)`,
        liability: sql<string>`coalesce(sum(${cycleContracts.payout} - ${cycleContracts.stake}), 0)`,
      })
      .from(cycleContracts)
      .where(eq(cycleContracts.status, 'open'))
      .groupBy(cycleContracts.instrument, cycleContracts.direction);
    const settled = await ctx.db
      .select({
        period: cycleContracts.periodSeconds,
        status: cycleContracts.status,
        count: sql<string>`count(*)`,
        ties: sql<string>`count(*) filter (where ${cycleContracts.refundReason} = 'tie')`,
        stakes: sql<string>`coalesce(sum(${cycleContracts.stake}), 0)`,
        credits: sql<string>`coalesce(sum(${cycleContracts.credit}), 0)`,
      })
      .from(cycleContracts)
      .where(and(sql`${cycleContracts.status} <> 'open'`))
      .groupBy(cycleContracts.periodSeconds, cycleContracts.status);
    const liability = open.reduce((s, o) => s + BigInt(o.liability), 0n);
    return {
      currency: STAKE_CURRENCY,
      pool: usdt(pool.available),
      openLiability: usdt(liability),
      freeCapacity: usdt(pool.available - liability),
      open: open.map((o) => ({
        instrument: o.instrument,
        direction: o.direction,
        count: Number(o.count),
        stakes: usdt(BigInt(o.stakes)),
        liability: usdt(BigInt(o.liability)),
      })),
      settled: settled.map((s) => ({
        period: s.period,
        status: s.status,
        count: Number(s.count),
        ties: Number(s.ties),
        stakes: usdt(BigInt(s.stakes)),
        credits: usdt(BigInt(s.credits)),
      })),
    };
  });
}
