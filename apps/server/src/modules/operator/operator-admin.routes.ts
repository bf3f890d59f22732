import { idField, identifier, text } from '@tidemark/contract';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../platform/http/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { AttemptGuard } from '../../platform/security/attempt-guard.ts';
import type { AuditService } from './audit.service.ts';
import { OPERATOR_ROLES } from './operator.schema.ts';
import type { OperatorService } from './operator.service.ts';

/**
 * Managing operators (super admin): the list, creating one, roles, disabling, resetting a locked-out operator, and the
 * sign-in sessions of any operator (each operator may also see and end their own).
 */
export function registerOperatorAdminRoutes(
  app: Api,
  ctx: AppContext,
  deps: { operators: OperatorService; audit: AuditService; attempts: AttemptGuard },
): void {
  const { operators, audit, attempts } = deps;
  const superAdmin = { preHandler: ctx.guards.operator('super_admin') };
  const anyOperator = { preHandler: ctx.guards.operator() };
  const tags = ['admin'];

  app.post('/admin/operators/list', { ...superAdmin, schema: { tags } }, async () => ({
    operators: await operators.list(),
  }));

  app.post(
    '/admin/operators/create',
    {
      ...superAdmin,
      schema: {
        tags,
        body: z.object({
          email: identifier({ max: 254 }).pipe(z.email()),
          name: identifier({ max: 100 }).min(1),
          password: text({ trim: false, max: 200 }).min(12),
          roles: z.array(z.enum(OPERATOR_ROLES)).min(1),
        }),
      },
    },
    async (request) => {
      return ctx.db.transaction(async (tx) => {
        const created = await operators.create(request.body, tx);
        await audit.record(
          {
            operatorId: request.operator!.id,
            action: 'operator.create',
            targetType: 'operator',
            targetId: created.operator.id,
            detail: { email: created.operator.email, roles: created.operator.roles },
            ip: request.ip,
          },
          tx,
        );
        return created;
      });
    },
  );

  app.post(
    '/admin/operators/update',
    {
      ...superAdmin,
      schema: {
        tags,
        body: z
          .object({
            id: idField,
            roles: z.array(z.enum(OPERATOR_ROLES)).min(1).optional(),
            active: z.boolean().optional(),
          })
          .strict(),
      },
    },
    async (request) => {
      const { id, roles, active } = request.body;
      const updated = await ctx.db.transaction(async (tx) => {
        const before = await operators.get(id, tx);
        if (!before) throw notFound();
        // the exchange must keep someone who can manage operators
        const losesSuper =
          before.roles.includes('super_admin') && (active === false || (roles && !roles.includes('super_admin')));
        if (losesSuper && (await operators.otherActiveSuperAdmins(id, tx)) === 0) {
          throw badRequest('LAST_SUPER_ADMIN', 'operator.lastSuperAdmin');
        }
        const after = (await operators.update(id, { roles, active }, tx))!;
        await audit.record(
          {
            operatorId: request.operator!.id,
            action: 'operator.update',
            targetType: 'operator',
            targetId: id,
            detail: {
              before: { roles: before.roles, active: before.active },
              after: { roles: after.roles, active: after.active },
            },
            ip: request.ip,
          },
          tx,
        );
        return after;
      });
      // a disabled operator is out at once, not when their session would have expired
      if (active === false) await ctx.sessions.revokeAll('operator', id);
      return updated;
    },
  );

  app.post(
    '/admin/operators/reset',
    {
      ...superAdmin,
      schema: { tags, body: z.object({ id: idField, password: text({ trim: false, max: 200 }).min(12) }).strict() },
    },
    async (request) => {
      const { id, password } = request.body;
      const done = await ctx.db.transaction(async (tx) => {
        const reset = await operators.reset(id, password, tx);
        if (!reset) throw notFound();
        await audit.record(
          {
            operatorId: request.operator!.id,
            action: 'operator.reset',
            targetType: 'operator',
            targetId: id,
            ip: request.ip,
          },
          tx,
        );
        return reset;
      });
      // whoever held the old secret or a session is out; the sign-in brakes start over
      await ctx.sessions.revokeAll('operator', id);
      await attempts.clear('operator.login.acct', done.operator.email);
      await attempts.clear('operator.totp', String(id));
      return done;
    },
  );

  app.post(
    '/admin/operators/sessions',
    { ...anyOperator, schema: { tags, body: z.object({ id: idField.optional() }).strict().default({}) } },
    async (request) => {
      const me = request.operator!;
      const id = request.body.id ?? me.id;
      if (id !== me.id && !me.roles.includes('super_admin')) throw forbidden();
      const list = await ctx.sessions.listActive('operator', id);
      return {
        sessions: list.map((s) => ({
          id: s.id,
          current: s.id === me.sessionId,
          createdAt: s.createdAt.getTime(),
          expiresAt: s.expiresAt.getTime(),
          lastSeenAt: s.lastSeenAt.getTime(),
          userAgent: s.userAgent,
          ip: s.ip,
        })),
      };
    },
  );

  app.post(
    '/admin/operators/sessions/revoke',
    { ...anyOperator, schema: { tags, body: z.object({ id: idField.optional(), sessionId: idField }).strict() } },
    async (request) => {
      const me = request.operator!;
      const id = request.body.id ?? me.id;
      if (id !== me.id && !me.roles.includes('super_admin')) throw forbidden();
      if (!(await ctx.sessions.revoke('operator', id, request.body.sessionId))) throw notFound();
      await audit.record({
        operatorId: me.id,
        action: 'operator.session_revoke',
        targetType: 'operator',
        targetId: id,
        detail: { sessionId: request.body.sessionId },
        ip: request.ip,
      });
      return { revoked: true };
    },
  );
}
