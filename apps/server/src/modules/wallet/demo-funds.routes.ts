import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { requestIdField } from './amounts.ts';
import { claimDemoFunds, demoFundsAllowed, demoFundsStatus, type SimulatedNetwork } from './demo-funds.service.ts';
import type { WalletDeps } from './wallet-deps.ts';

/**
 * "Get demo funds" — registered only when demoFundsAllowed (simulated chain, not production); otherwise
 * the calls do not exist at all (404), and the web app, finding no status, shows no button.
 * Returns whether the routes were registered.
 */
export function registerDemoFundsRoutes(
  app: Api,
  ctx: AppContext,
  deps: WalletDeps,
  isSimulated: SimulatedNetwork,
): boolean {
  const demo = deps.config.demoFunds;
  if (!demoFundsAllowed(ctx.config, demo, isSimulated)) return false;
  const auth = { preHandler: ctx.guards.user };
  const tags = ['wallet'];
  app.post(
    '/xb/v1/wallet/demo-funds/status',
    { ...auth, schema: { tags, body: z.object({}).strict().optional() } },
    async (r) => demoFundsStatus(deps, demo, r.user!.id),
  );
  app.post(
    '/xb/v1/wallet/demo-funds/claim',
    {
      ...auth,
      config: { rateLimit: { max: ctx.config.rateLimitEnabled ? 10 : 1_000_000, timeWindow: '1 minute' } },
      schema: { tags, body: z.object({ requestId: requestIdField }).strict() },
    },
    async (r) => claimDemoFunds(deps, demo, r.user!.id, r.body),
  );
  return true;
}
