import { asciiText, identifier, text } from '@tidemark/contract';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden, unauthorized, AppError } from '../../platform/http/app-error.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import type { PreHandler } from '../../platform/context.ts';
import { labelGuard } from '../../platform/http/route-table.ts';
import { AuditService } from './audit.service.ts';
import { operatorMessages } from './operator.messages.ts';
import { OPERATOR_ROLES, auditLog } from './operator.schema.ts';
import { OperatorService } from './operator.service.ts';

registerMessages(operatorMessages);

/**
 * Operators and their audit log. Installs `ctx.guards.operator(...roles)` that every later
 * module puts in front of its back-office calls, and the `audit` service they record with.
 */
export const operatorModule: Module = {
  name: 'operator',
  register(app, ctx) {
    const operatorsService = new OperatorService(ctx.db, ctx.clock);
    const audit = new AuditService(ctx.db);
    ctx.services.operators = operatorsService;
    ctx.services.audit = audit;

    ctx.guards.operator = (...roles: string[]): PreHandler => {
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

    app.post(
      '/admin/auth/login',
      {
        schema: {
          tags: ['admin'],
          body: z.object({
            email: identifier({ max: 254 }).min(1),
            password: text({ trim: false, max: 200 }).min(1),
            totpCode: asciiText({ max: 10 }).min(1),
          }),
        },
        config: { rateLimit: { max: ctx.config.rateLimitEnabled ? 10 : 10_000, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { email, password, totpCode } = request.body;
        const op = await operatorsService.authenticate(email, password, totpCode);
        if (!op) {
          await audit.record({ operatorId: null, action: 'operator.login_failed', detail: { email }, ip: request.ip });
          throw new AppError(401, 'BAD_CREDENTIALS', 'operator.badCredentials');
        }
        const { token } = await ctx.sessions.create('operator', op.id, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        await audit.record({ operatorId: op.id, action: 'operator.login', ip: request.ip });
        return { token, operator: op };
      },
    );

    app.post(
      '/admin/auth/logout',
      { preHandler: ctx.guards.operator(), schema: { tags: ['admin'] } },
      async (request) => {
        const op = request.operator!;
        await ctx.sessions.revoke('operator', op.id, op.sessionId);
        await audit.record({ operatorId: op.id, action: 'operator.logout', ip: request.ip });
        return { loggedOut: true };
      },
    );

    app.post('/admin/me', { preHandler: ctx.guards.operator(), schema: { tags: ['admin'] } }, async (request) => {
      return operatorsService.get(request.operator!.id);
    });

    app.post(
      '/admin/operators/list',
      { preHandler: ctx.guards.operator('super_admin'), schema: { tags: ['admin'] } },
      async () => ({
        operators: await operatorsService.list(),
      }),
    );

    app.post(
      '/admin/operators/create',
      {
        preHandler: ctx.guards.operator('super_admin'),
        schema: {
          tags: ['admin'],
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
          const created = await operatorsService.create(request.body, tx);
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
      '/admin/audit/list',
      {
        preHandler: ctx.guards.operator('super_admin'),
        schema: {
          tags: ['admin'],
          body: z.object({ limit: z.number().int().min(1).max(500).default(100) }).default({ limit: 100 }),
        },
      },
      async (request) => ({
        entries: await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(request.body.limit),
      }),
    );
  },
};
