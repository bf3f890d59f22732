import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Logs an order the platform's own accounts sent and did not get placed. A refusal by the rules (a
 * post-only quote that would cross, funds a taker has spent) is expected and logged at debug; anything
 * else is a fault and logged as an error, so it is seen.
 */
export function logRefusal(ctx: AppContext, err: unknown, what: string, context: Record<string, unknown>): void {
  if (err instanceof AppError) ctx.log.debug({ ...context, error: err.errorKey }, `${what} refused`);
  else ctx.log.error({ ...context, err }, `${what} failed`);
}
