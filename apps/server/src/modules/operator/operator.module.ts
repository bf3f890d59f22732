import { asciiText, identifier, text } from '@tidemark/contract';
import { z } from 'zod';
import { forbidden, unauthorized, AppError, badRequest } from '../../platform/http/app-error.ts';
import { registerMessages, t } from '../../platform/i18n/messages.ts';
import { AttemptGuard } from '../../platform/security/attempt-guard.ts';
import { LoginProtection } from '../../platform/security/login-protection.ts';
import { TotpGate } from '../../platform/security/totp-gate.ts';
import type { CodeTicket } from '../common/code.service.ts';
import type { Module } from '../../platform/module.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import { service, type PreHandler } from '../../platform/context.ts';
import { labelGuard } from '../../platform/http/route-table.ts';
import { AuditService } from './audit.service.ts';
import { operatorMessages } from './operator.messages.ts';
import { OPERATOR_ROLES } from './operator.schema.ts';
import { OperatorService } from './operator.service.ts';
import { OperatorSetupLinks } from './operator-setup.service.ts';
import { registerOperatorSetupRoutes } from './operator-setup.routes.ts';
import { registerOperatorAdminRoutes } from './operator-admin.routes.ts';
import { registerAuditRoutes } from './audit.routes.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    operators: OperatorService;
    audit: AuditService;
    operatorSetup: OperatorSetupLinks;
  }
}

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
    const setupLinks = new OperatorSetupLinks(ctx.clock);
    ctx.services.operatorSetup = setupLinks;

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

    // the same brakes as the users' sign-in (docs/decisions/0012), counted apart from theirs
    const attempts = new AttemptGuard(ctx.db, ctx.clock);
    const brakes = new LoginProtection(attempts, ctx.clock, 'operator', ctx.config.rateLimitEnabled);
    const totp = new TotpGate(attempts, ctx.clock);
    // the codes service registers after this module; it is looked up when a request needs it
    const codes = () => service(ctx, 'codes');
    const rateLimit = { rateLimit: { max: ctx.config.rateLimitEnabled ? 10 : 10_000, timeWindow: '1 minute' } };

    app.post(
      '/admin/auth/login',
      {
        schema: {
          tags: ['admin'],
          body: z.object({
            email: identifier({ max: 254 }).min(1),
            password: text({ trim: false, max: 200 }).min(1),
            totpCode: asciiText({ max: 10 }).min(1),
            /** The code e-mailed by /admin/auth/login/code, once the server asks for it. */
            emailCode: asciiText({ max: 10 }).min(1).optional(),
          }),
        },
        config: rateLimit,
      },
      async (request) => {
        const { password, totpCode, emailCode } = request.body;
        const email = request.body.email.toLowerCase();
        await brakes.checkDelay(email, request.ip);
        let ticket: CodeTicket | null = null;
        if (await brakes.needsCode(email)) {
          if (!emailCode) {
            const channel = t(request.locale, 'security.channel.email');
            throw badRequest('LOGIN_CODE_REQUIRED', 'security.loginCodeRequired', { channel }, 'emailCode');
          }
          ticket = await codes().verify({
            channel: 'email',
            target: email,
            purpose: 'operator_login',
            code: emailCode,
            field: 'emailCode',
            source: request.ip,
          });
        }
        const found = await operatorsService.checkPassword(email, password);
        // a wrong authenticator code gets the same answer as a wrong password (no hint which)
        const ok =
          found !== null &&
          (await totp.check('operator', found.view.id, found.totpSecret, totpCode, (id, step) =>
            operatorsService.claimTotpStep(id, step),
          ));
        if (!found || !ok) {
          await brakes.failed(email, request.ip);
          await audit.record({ operatorId: null, action: 'operator.login_failed', detail: { email }, ip: request.ip });
          throw new AppError(401, 'BAD_CREDENTIALS', 'operator.badCredentials');
        }
        const op = found.view;
        if (ticket) await codes().markUsed(ticket);
        const { token } = await ctx.sessions.create('operator', op.id, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        await brakes.succeeded(email, request.ip);
        await audit.record({ operatorId: op.id, action: 'operator.login', ip: request.ip });
        return { token, operator: op };
      },
    );

    app.post(
      '/admin/auth/login/code',
      {
        schema: { tags: ['admin'], body: z.object({ email: identifier({ max: 254 }).email() }) },
        config: rateLimit,
      },
      async (request) => {
        const email = request.body.email.toLowerCase();
        // the same answer for any address; only a real operator's mailbox receives the code
        const sent = await codes().issue(
          { channel: 'email', target: email, purpose: 'operator_login' },
          request.locale,
          {
            deliver: await operatorsService.exists(email),
          },
        );
        return { sentTo: email, ...sent };
      },
    );

    registerOperatorSetupRoutes(app, ctx, { operators: operatorsService, audit, links: setupLinks, rateLimit });

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

    registerAuditRoutes(app, ctx);
    registerOperatorAdminRoutes(app, ctx, { operators: operatorsService, audit, attempts });
  },
};
