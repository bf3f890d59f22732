import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { AttemptGuard } from '../../platform/security/attempt-guard.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';
import { registerOperatorAdminRoutes } from './operator-admin.routes.ts';
import { registerOperatorAuthRoutes } from './operator-auth.admin.ts';
import { operatorGuard } from './operator-guard.ts';
import { operatorMessages } from './operator.messages.ts';
import { OperatorService } from './operator.service.ts';
import { registerOperatorSetupRoutes } from './operator-setup.routes.ts';
import { OperatorSetupLinks } from './operator-setup.service.ts';

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
    const operatorsService = new OperatorService({ db: ctx.db, clock: ctx.clock });
    const audit = new AuditService(ctx.db);
    ctx.services.operators = operatorsService;
    ctx.services.audit = audit;
    const setupLinks = new OperatorSetupLinks(ctx.clock);
    ctx.services.operatorSetup = setupLinks;

    ctx.guards.operator = operatorGuard(ctx, operatorsService);

    // shared by the sign-in's brakes and the super admin's reset of a locked-out operator
    const attempts = new AttemptGuard(ctx.db, ctx.clock);
    const rateLimit = { rateLimit: { max: ctx.config.rateLimitEnabled ? 10 : 10_000, timeWindow: '1 minute' } };
    registerOperatorAuthRoutes(app, ctx, { operators: operatorsService, audit, attempts, rateLimit });
    registerOperatorSetupRoutes(app, ctx, { operators: operatorsService, audit, links: setupLinks, rateLimit });
    registerAuditRoutes(app, ctx);
    registerOperatorAdminRoutes(app, ctx, { operators: operatorsService, audit, attempts });
  },
};
