import { asciiText, idField, text as safeText } from '@tidemark/contract';
import fastifyWebsocket from '@fastify/websocket';
import { z } from 'zod';
import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Api, Module } from '../../platform/module.ts';
import { plainText } from '../content/sanitize.ts';
import { checkImages, MAX_IMAGES } from './attachments.ts';
import { registerChatDeskAdmin } from './chat-desk.admin.ts';
import { ChatDeskService } from './chat-desk.service.ts';
import { ChatHub } from './chat.hub.ts';
import { ChatService } from './chat.service.ts';
import { handleChatSocket } from './chat.socket.ts';
import { registerSupportAdminRoutes } from './support.admin.ts';
import { SupportConfigService } from './support-config.service.ts';
import { supportMessages } from './support.messages.ts';
import { TicketService } from './ticket.service.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    supportTickets: TicketService;
    supportChat: ChatService;
    supportHub: ChatHub;
  }
}

registerMessages(supportMessages);

const page = z.number().int().min(1).max(10_000).default(1);
const size = z.number().int().min(1).max(100).default(20);
const images = z
  .array(asciiText({ max: 120 }))
  .max(MAX_IMAGES, 'support.tooManyImages')
  .optional();
/** Plain text in, markup out: a title or message never carries HTML. */
const text = (max: number, emptyKey: string) =>
  safeText({ max, multiline: true }).transform(plainText).pipe(z.string().min(1, emptyKey));

/** Where the support chat socket listens (under the /api prefix every module shares). */
export const SUPPORT_WS_PATH = '/api/ws/support';

/**
 * Help and support: tickets (spec /mine/addQuestion, /mine/questionRecord), the live chat with an
 * operator agent over a WebSocket, and the customer-service configuration (/xb/v1/tpaj/info).
 */
export const supportModule: Module = {
  name: 'support',
  async register(app, ctx) {
    const tickets = new TicketService(ctx.db, ctx.clock);
    const hub = new ChatHub();
    const chat = new ChatService({
      db: ctx.db,
      clock: ctx.clock,
      hub,
      tickets,
      audit: () => service(ctx, 'audit'),
    });
    const config = new SupportConfigService(ctx.db, ctx.clock);
    ctx.services.supportTickets = tickets;
    ctx.services.supportChat = chat;
    ctx.services.supportHub = hub;

    // The websocket plugin lives in this module's own scope, so the general /ws of another module stays free.
    await app.register(async (scope: Api) => {
      await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
      scope.get('/ws/support', { websocket: true, schema: { hide: true } }, (socket, request) =>
        handleChatSocket(ctx, hub, chat, socket, request),
      );
      scope.addHook('onClose', async () => hub.closeAll());
    });

    app.post('/xb/v1/tpaj/info', { schema: { tags: ['support'], body: z.object({}).optional() } }, async () => {
      const c = await config.get();
      return { mode: c.mode, externalUrl: c.externalUrl, agentOnline: hub.agentsOnline() > 0, wsPath: SUPPORT_WS_PATH };
    });

    const user = ctx.guards.user;

    app.post(
      '/xb/v1/support/ticket/create',
      {
        preHandler: user,
        schema: {
          tags: ['support'],
          body: z.object({
            title: text(200, 'support.titleEmpty'),
            content: text(5000, 'support.contentEmpty'),
            images,
          }),
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const files = await checkImages(ctx, userId, request.body.images);
        return tickets.create(userId, { title: request.body.title, content: request.body.content, images: files });
      },
    );

    app.post(
      '/xb/v1/support/ticket/list',
      {
        preHandler: user,
        schema: { tags: ['support'], body: z.object({ page, size }).default({ page: 1, size: 20 }) },
      },
      async (request) => tickets.list({ userId: request.user!.id }, request.body.page, request.body.size),
    );

    app.post(
      '/xb/v1/support/ticket/detail',
      { preHandler: user, schema: { tags: ['support'], body: z.object({ id: idField }) } },
      async (request) => tickets.detail(request.body.id, request.user!.id),
    );

    app.post(
      '/xb/v1/support/ticket/reply',
      {
        preHandler: user,
        schema: {
          tags: ['support'],
          body: z.object({ id: idField, content: text(5000, 'support.contentEmpty'), images }),
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const files = await checkImages(ctx, userId, request.body.images);
        const r = await tickets.reply(
          request.body.id,
          { kind: 'user', id: userId },
          { content: request.body.content, images: files },
        );
        return { id: r.id, state: r.state, messageId: r.messageId };
      },
    );

    app.post(
      '/xb/v1/support/chat/history',
      {
        preHandler: user,
        schema: {
          tags: ['support'],
          body: z
            .object({
              beforeId: idField.optional(),
              size: z.number().int().min(1).max(100).default(50),
            })
            .default({ size: 50 }),
        },
      },
      async (request) => ({ list: await chat.history(request.user!.id, request.body.beforeId, request.body.size) }),
    );

    app.post(
      '/xb/v1/support/chat/unread',
      { preHandler: user, schema: { tags: ['support'], body: z.object({}).optional() } },
      async (request) => ({
        count: await chat.unreadForUser(request.user!.id),
      }),
    );

    app.post(
      '/xb/v1/support/chat/read',
      { preHandler: user, schema: { tags: ['support'], body: z.object({}).optional() } },
      async (request) => ({
        marked: await chat.markReadByUser(request.user!.id),
      }),
    );

    app.post(
      '/xb/v1/support/chat/send',
      {
        preHandler: user,
        schema: {
          tags: ['support'],
          body: z.object({
            content: safeText({ max: 2000, multiline: true }).transform(plainText).default(''),
            images,
          }),
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const files = await checkImages(ctx, userId, request.body.images);
        return chat.userSend(userId, request.locale, { content: request.body.content, images: files });
      },
    );

    registerSupportAdminRoutes(app, ctx, { tickets, chat, config, text });
    registerChatDeskAdmin(
      app,
      ctx,
      new ChatDeskService({ db: ctx.db, clock: ctx.clock, hub, audit: () => service(ctx, 'audit') }),
    );
  },
};
