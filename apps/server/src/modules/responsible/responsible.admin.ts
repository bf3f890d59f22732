import { idField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { ResponsibleService } from './responsible.service.ts';

/** The console's call: a user's quiz result, leverage cap and cooling-off history (read only: no operator lifts one). */
export function registerResponsibleAdmin(app: Api, ctx: AppContext, responsible: ResponsibleService): void {
  app.post(
    '/admin/responsible/user',
    {
      preHandler: ctx.guards.operator('support', 'compliance', 'finance'),
      schema: { tags: ['admin'], body: z.object({ userId: idField }).strict() },
    },
    async (request) => responsible.ofUser(request.body.userId),
  );
}
