import { and, eq } from 'drizzle-orm';
import { parseUnits } from '@tidemark/contract/money';
import type { AppContext } from '../../platform/context.ts';
import { ledgerTransactions } from '../wallet/ledger.schema.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { STAKE_CURRENCY, STAKE_SCALE } from './catalog.service.ts';
import { loadCycleConfig } from './cycle.config.ts';

/**
 * Gives the cycle pool its first capital once: a visible journal entry from the outside world
 * (kind 'capital', reference 'seed:cycle_pool'), so winners can be paid from day one.
 */
export async function seedCyclePool(ctx: AppContext): Promise<void> {
  const ledger = ctx.services.ledger as LedgerService;
  const [done] = await ctx.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'capital'), eq(ledgerTransactions.reference, 'seed:cycle_pool')))
    .limit(1);
  if (done) return;
  const amount = parseUnits(loadCycleConfig().poolSeed, STAKE_SCALE);
  if (amount <= 0n) return;
  await ledger.transaction((tx) =>
    ledger.transfer(
      tx,
      'capital',
      { system: 'outside_world', currency: STAKE_CURRENCY },
      { system: 'cycle_pool', currency: STAKE_CURRENCY },
      amount,
      'seed:cycle_pool',
      'cycle pool capital',
    ),
  );
}
