import { identifier, text, asciiText } from '@tidemark/contract';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { fromThisMachine } from '../../platform/dev-tools/dev-tools-guard.ts';
import { totpStepOf } from '../../platform/crypto/totp.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { FastifyRequest } from 'fastify';
import type { AuditService } from './audit.service.ts';
import type { OperatorService } from './operator.service.ts';
import type { OperatorSetupLinks } from './operator-setup.service.ts';

const token = asciiText({ max: 100 }).min(1);

/**
 * The first operator, created in the browser from the link printed on a fresh start: open the link
 * (status), enrol the authenticator by QR (begin), then name, password and a first code (complete).
 * Once any operator exists every call here refuses, whatever the token.
 */
export function registerOperatorSetupRoutes(
  app: Api,
  ctx: AppContext,
  deps: {
    operators: OperatorService;
    audit: AuditService;
    links: OperatorSetupLinks;
    rateLimit: { rateLimit: { max: number; timeWindow: string } };
  },
): void {
  const { operators, audit, links, rateLimit } = deps;

  // a link printed in the server's log is for whoever can read that log: the same machine, unless the
  // installation says the operator will open it through the public address
  const reachable = (request: FastifyRequest) => ctx.config.operatorSetupRemote || fromThisMachine(request);

  const refuse = (): never => {
    throw new AppError(410, 'SETUP_LINK_INVALID', 'operator.setupLinkInvalid');
  };

  const guard = async (request: FastifyRequest) => {
    if (!reachable(request)) throw new AppError(403, 'SETUP_LOCAL_ONLY', 'operator.setupLocalOnly');
    if ((await operators.count()) > 0) refuse();
  };

  app.post(
    '/admin/setup/begin',
    {
      schema: { tags: ['admin'], body: z.object({ token, email: identifier({ max: 254 }).pipe(z.email()) }) },
      config: rateLimit,
    },
    async (request) => {
      await guard(request);
      const enrolment = links.enrolment(request.body.token, `operator:${request.body.email.toLowerCase()}`);
      if (!enrolment) refuse();
      return enrolment!;
    },
  );

  app.post(
    '/admin/setup/complete',
    {
      schema: {
        tags: ['admin'],
        body: z.object({
          token,
          email: identifier({ max: 254 }).pipe(z.email()),
          name: identifier({ max: 100 }).min(1),
          password: text({ trim: false, max: 200 }).min(12),
          totpCode: asciiText({ max: 10 }).min(1),
        }),
      },
      config: rateLimit,
    },
    async (request) => {
      await guard(request);
      const { email, name, password, totpCode } = request.body;
      const secret = links.secretFor(request.body.token);
      if (!secret) refuse();
      const step = totpStepOf(secret!, totpCode, ctx.clock);
      if (step === null) throw new AppError(400, 'BAD_TOTP', 'operator.setupBadCode', {}, 'totpCode');
      const created = await ctx.db.transaction(async (tx) => {
        // two tabs racing on one link: the second finds the first operator and refuses
        if ((await operators.count(tx)) > 0) refuse();
        const made = await operators.create(
          { email, name, password, roles: ['super_admin'], totpSecret: secret!, totpLastStep: step },
          tx,
        );
        await audit.record(
          {
            operatorId: made.operator.id,
            action: 'operator.setup',
            targetType: 'operator',
            targetId: made.operator.id,
            detail: { email: made.operator.email, roles: made.operator.roles },
            ip: request.ip,
          },
          tx,
        );
        return made.operator;
      });
      links.consume(request.body.token);
      const session = await ctx.sessions.create('operator', created.id, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return { token: session.token, operator: created };
    },
  );
}
