import { LOCALES, idField, text } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import type { ChatDeskService } from './chat-desk.service.ts';

/** The operators who may answer the chat (the socket admits the same roles). */
const AGENT_ROLES = ['support', 'super_admin'];

/** The agents' desk calls (support): canned replies per locale, the agents, and handing a conversation over. */
export function registerChatDeskAdmin(app: Api, ctx: AppContext, desk: ChatDeskService): void {
  const support = { preHandler: ctx.guards.operator('support') };
  const tags = ['admin'];
  const by = (r: { operator?: { id: number }; ip: string }) => ({ operatorId: r.operator!.id, ip: r.ip });
  const agents = async () =>
    (await service(ctx, 'operators').list())
      .filter((o) => o.active && o.roles.some((r) => AGENT_ROLES.includes(r)))
      .map((o) => ({ id: o.id, name: o.name }));

  app.post(
    '/admin/support/canned/list',
    {
      ...support,
      schema: {
        tags,
        body: z
          .object({ locale: z.enum(LOCALES).optional() })
          .strict()
          .default({}),
      },
    },
    async (r) => ({ items: await desk.canned(r.body.locale) }),
  );
  app.post(
    '/admin/support/canned/save',
    {
      ...support,
      schema: {
        tags,
        body: z
          .object({
            id: idField.optional(),
            locale: z.enum(LOCALES),
            title: text({ max: 80 }).min(1),
            body: text({ max: 2000, multiline: true }).min(1),
          })
          .strict(),
      },
    },
    async (r) => desk.saveCanned(r.body, by(r)),
  );
  app.post(
    '/admin/support/canned/delete',
    { ...support, schema: { tags, body: z.object({ id: idField }).strict() } },
    async (r) => {
      await desk.deleteCanned(r.body.id, by(r));
      return { deleted: true };
    },
  );

  app.post('/admin/support/chat/desk', { ...support, schema: { tags } }, async () => ({
    agents: await agents(),
    assignments: await desk.assignments(),
  }));
  app.post(
    '/admin/support/chat/assign',
    { ...support, schema: { tags, body: z.object({ userId: idField, operatorId: idField }).strict() } },
    async (r) => {
      if (!(await agents()).some((a) => a.id === r.body.operatorId)) {
        throw badRequest('NOT_AN_AGENT', 'support.notAnAgent', undefined, 'operatorId');
      }
      return desk.assign(r.body.userId, r.body.operatorId, by(r));
    },
  );
}
