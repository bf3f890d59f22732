import { asciiText, identifier, text } from '@tidemark/contract';
import { z } from 'zod';
import { service, type AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Api } from '../../platform/module.ts';
import type { AttemptGuard } from '../../platform/security/attempt-guard.ts';
import { LoginProtection } from '../../platform/security/login-protection.ts';
import { TotpGate } from '../../platform/security/totp-gate.ts';
import type { CodeTicket } from '../common/code.service.ts';
import type { AuditService } from './audit.service.ts';
import type { OperatorService } from './operator.service.ts';

/** The console's sign-in (password, authenticator, and an e-mailed code after repeated failures), sign-out and `me`. */
export function registerOperatorAuthRoutes(
  app: Api,
  ctx: AppContext,
  deps: { operators: OperatorService; audit: AuditService; attempts: AttemptGuard; rateLimit: object },
): void {
  const { operators: operatorsService, audit, attempts, rateLimit } = deps;
  // the same brakes as the users' sign-in (docs/decisions/0012), counted apart from theirs
  const brakes = new LoginProtection(attempts, ctx.clock, 'operator', ctx.config.rateLimitEnabled);
  const totp = new TotpGate({ attempts, clock: ctx.clock });
  // the codes service registers after this module; it is looked up when a request needs it
  const codes = () => service(ctx, 'codes');

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
      const sent = await codes().issue({ channel: 'email', target: email, purpose: 'operator_login' }, request.locale, {
        deliver: await operatorsService.exists(email),
      });
      return { sentTo: email, ...sent };
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
}
