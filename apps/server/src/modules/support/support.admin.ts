import { asciiText, idField, pageSizeField } from '@tidemark/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/module.ts';
import type { ChatService } from './chat.service.ts';
import { messageText as text } from './message-fields.ts';
import { TICKET_STATES } from './support.schema.ts';
import type { SupportConfigService } from './support-config.service.ts';
import type { TicketService } from './ticket.service.ts';

/** The support team's calls (role support): tickets, the agent side of the chat, and the config. */
export function registerSupportAdminRoutes(
  app: Api,
  ctx: AppContext,
  deps: { tickets: TicketService; chat: ChatService; config: SupportConfigService },
): void {
  const { tickets, chat, config } = deps;
  const guard = ctx.guards.operator('support');
  const audit = () => service(ctx, 'audit');
  const page = z.number().int().min(1).max(10_000).default(1);
  const size = pageSizeField;

  app.post(
    '/admin/support/ticket/list',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          state: z.enum(TICKET_STATES).optional(),
          userId: idField.optional(),
          page,
          size,
        }),
      },
    },
    async (request) =>
      tickets.list({ state: request.body.state, userId: request.body.userId }, request.body.page, request.body.size),
  );

  app.post(
    '/admin/support/ticket/detail',
    { preHandler: guard, schema: { tags: ['admin'], body: z.object({ id: idField }) } },
    async (request) => tickets.detail(request.body.id),
  );

  app.post(
    '/admin/support/ticket/reply',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({ id: idField, content: text(5000, 'support.contentEmpty') }),
      },
    },
    async (request) =>
      ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const r = await tickets.reply(
          request.body.id,
          { kind: 'operator', id: request.operator!.id },
          { content: request.body.content, images: [] },
          tx,
        );
        await audit().record(
          {
            operatorId: request.operator!.id,
            action: 'support.ticket.reply',
            targetType: 'support_ticket',
            targetId: r.id,
            detail: { messageId: r.messageId },
            ip: request.ip,
          },
          tx,
        );
        return { id: r.id, state: r.state, messageId: r.messageId };
      }),
  );

  app.post(
    '/admin/support/chat/conversations',
    { preHandler: guard, schema: { tags: ['admin'], body: z.object({ page, size }).default({ page: 1, size: 20 }) } },
    async (request) => chat.conversations(request.body.page, request.body.size),
  );

  app.post(
    '/admin/support/chat/history',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          userId: idField,
          beforeId: idField.optional(),
          size: z.number().int().min(1).max(100).default(50),
        }),
      },
    },
    async (request) => ({ list: await chat.history(request.body.userId, request.body.beforeId, request.body.size) }),
  );

  app.post(
    '/admin/support/chat/send',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({ userId: idField, content: text(2000, 'support.messageEmpty') }),
      },
    },
    async (request) =>
      chat.agentSend(request.operator!.id, request.body.userId, { content: request.body.content }, request.ip),
  );

  app.post(
    '/admin/support/chat/read',
    { preHandler: guard, schema: { tags: ['admin'], body: z.object({ userId: idField }) } },
    async (request) => ({ marked: await chat.markReadByAgent(request.body.userId) }),
  );

  app.post(
    '/admin/support/config/get',
    { preHandler: guard, schema: { tags: ['admin'], body: z.object({}).optional() } },
    async () => config.get(),
  );

  app.post(
    '/admin/support/config/save',
    {
      preHandler: guard,
      schema: {
        tags: ['admin'],
        body: z.object({
          mode: z.enum(['builtin', 'external']),
          externalUrl: asciiText({ max: 500 }).nullable().optional(),
        }),
      },
    },
    async (request) =>
      ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const saved = await config.save(request.body, request.operator!.id, tx);
        await audit().record(
          {
            operatorId: request.operator!.id,
            action: 'support.config.save',
            targetType: 'support_config',
            targetId: 1,
            detail: { mode: saved.mode, externalUrl: saved.externalUrl },
            ip: request.ip,
          },
          tx,
        );
        return saved;
      }),
  );
}
