import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { registerResponsibleAdmin } from './responsible.admin.ts';
import { loadResponsibleConfig } from './responsible.config.ts';
import { responsibleMessages } from './responsible.messages.ts';
import { registerResponsibleRoutes } from './responsible.routes.ts';
import { ResponsibleService } from './responsible.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    responsible: ResponsibleService;
  }
}

registerMessages(responsibleMessages);

/**
 * Responsible trading (docs/decisions/0026-coupons-and-responsible-trading.md): the appropriateness quiz
 * before the first futures or cycle order, the leverage cap of young accounts and the cooling-off the user
 * sets. Hands its gate to the futures service and the cycle purchase; publishes `ctx.services.responsible`.
 */
export const responsibleModule: Module = {
  name: 'responsible',
  register(app, ctx) {
    const responsible = new ResponsibleService({
      db: ctx.db,
      clock: ctx.clock,
      accounts: () => service(ctx, 'account'),
      config: loadResponsibleConfig(),
      enforced: ctx.config.responsibleTrading,
    });
    ctx.services.responsible = responsible;
    service(ctx, 'futures').useTradingGate(responsible);
    registerResponsibleRoutes(app, ctx, responsible);
    registerResponsibleAdmin(app, ctx, responsible);
  },
};
