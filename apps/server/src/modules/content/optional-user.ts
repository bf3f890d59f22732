import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';

/**
 * Content is public; a signed-in caller additionally gets read marks. A missing or stale token
 * makes the caller anonymous rather than failing the call.
 */
export async function optionalUserId(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const session = await ctx.sessions.resolve(token, 'user');
  return session?.principalId ?? null;
}
