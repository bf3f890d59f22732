import type { AppContext, PreHandler } from '../../platform/context.ts';
import { forbidden, unauthorized } from '../../platform/http/app-error.ts';
import { labelGuard } from '../../platform/http/route-table.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import type { OperatorService } from './operator.service.ts';

/**
 * `ctx.guards.operator(...roles)`: an active operator's session whose roles meet the route's area
 * (super_admin always passes; no roles: any operator). Labelled, so the route table knows who may call.
 */
export function operatorGuard(ctx: AppContext, operatorsService: OperatorService): (...roles: string[]) => PreHandler {
  return (...roles: string[]): PreHandler => {
    const guard: PreHandler = async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) throw unauthorized();
      const session = await ctx.sessions.resolve(token, 'operator');
      if (!session) throw unauthorized();
      const op = await operatorsService.get(session.principalId);
      if (!op || !op.active) throw unauthorized();
      if (!op.roles.includes('super_admin') && roles.length > 0 && !roles.some((r) => op.roles.includes(r))) {
        throw forbidden();
      }
      request.operator = { id: op.id, sessionId: session.id, roles: op.roles };
    };
    return labelGuard(guard, { kind: 'operator', roles });
  };
}
