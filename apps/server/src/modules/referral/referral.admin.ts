import { idField, text } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { CreditService } from './credit.service.ts';

/** The console's call: a compliance operator sets a user's credit score (audited by the service). */
export function registerReferralAdmin(app: Api, ctx: AppContext, credit: CreditService): void {
  app.post(
    '/admin/credit/set',
    {
      preHandler: ctx.guards.operator('compliance'),
      schema: {
        tags: ['admin'],
        body: z.object({
          userId: idField,
          score: z.number().int().min(0).max(1000),
          reason: text({ max: 500, multiline: true }).min(1, 'credit.reasonEmpty'),
        }),
      },
    },
    async (request) => credit.set({ operatorId: request.operator!.id, ...request.body, ip: request.ip }),
  );
}
