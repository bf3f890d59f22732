import { parseUnits } from '@tidemark/contract/money';
import { service, type AppContext } from '../../platform/context.ts';
import { STAKE_CURRENCY, STAKE_SCALE } from './catalog.service.ts';
import { loadCycleConfig } from './cycle.config.ts';

/**
 * Gives the cycle pool its first capital once: a visible journal entry from the outside world
 * (kind 'capital', reference 'seed:cycle_pool'), so winners can be paid from day one.
 */
export async function seedCyclePool(ctx: AppContext): Promise<void> {
  const ledger = service(ctx, 'ledger');
  if (await ledger.hasEntry('capital', 'seed:cycle_pool')) return;
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
