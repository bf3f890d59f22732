import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requestIdField } from './amounts.ts';

/**
 * The route options of a money command (wallet and earn): the signed-in user's guard, the money commands' rate
 * limit, and a strict body that starts with the command's request id (a retry with the same id applies once).
 */
export function moneyCommandRoutes(ctx: AppContext, tags: string[]) {
  const auth = { preHandler: ctx.guards.user };
  const config = { rateLimit: { max: ctx.config.rateLimitEnabled ? 60 : 1_000_000, timeWindow: '1 minute' } };
  return <T extends z.ZodRawShape>(fields: T) => ({
    ...auth,
    config,
    schema: { tags, body: z.object({ requestId: requestIdField, ...fields }).strict() },
  });
}
