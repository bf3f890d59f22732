import { parseRate, parseUnits } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import { currencyOf } from '../market/currencies.ts';
import { PLAN_SEEDS, STAKING_CAPITAL } from './earn.config.ts';
import { earnPlans } from './earn.schema.ts';
import { checkTerms, termsColumns, type PlanTerms } from './plans.service.ts';

/**
 * The configured plans (inserted once by code; an operator's later edits are kept) and the
 * staking-interest account's starting capital: one visible journal entry from the outside world
 * (kind 'capital', reference 'seed:staking_interest'), like the convert desk's inventory.
 */
export async function seedEarn(ctx: AppContext): Promise<void> {
  const now = new Date(ctx.clock.now());
  for (const p of PLAN_SEEDS) {
    const scale = currencyOf(p.currency)!.scale;
    const terms: PlanTerms = {
      currency: p.currency,
      lockDays: p.lockDays,
      rateMin: parseRate(p.rateMin),
      rateMax: parseRate(p.rateMax),
      rate: parseRate(p.rateMin),
      minAmount: parseUnits(p.minAmount, scale),
      maxAmount: parseUnits(p.maxAmount, scale),
      capacity: parseUnits(p.capacity, scale),
      penaltyRate: parseRate(p.penaltyRate),
      graceMinutes: p.graceMinutes,
      status: 'open',
      sort: p.sort,
    };
    checkTerms(terms);
    await ctx.db
      .insert(earnPlans)
      .values({ code: p.code, ...termsColumns(terms), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: earnPlans.code });
  }

  const ledger = service(ctx, 'ledger');
  if (await ledger.hasEntry('capital', 'seed:staking_interest')) return;
  const movements = Object.entries(STAKING_CAPITAL).flatMap(([currency, amount]) => {
    const units = parseUnits(amount, currencyOf(currency)!.scale);
    return [
      { account: { system: 'outside_world' as const, currency }, available: -units },
      { account: { system: 'staking_interest' as const, currency }, available: units },
    ];
  });
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      kind: 'capital',
      reference: 'seed:staking_interest',
      memo: 'staking interest capital',
      movements,
    }),
  );
}
