import type { AppContext } from './platform/context.ts';
import { seeds } from './modules/seeds.ts';

/**
 * Makes a fresh data directory ready to try. Each module contributes an idempotent seed step
 * (markets, plans, documents, …); running it again on a seeded database changes nothing.
 */
export async function seed(ctx: AppContext): Promise<void> {
  for (const step of seeds) await step(ctx);
}
