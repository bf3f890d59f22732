import { idField, text as safeText, pageSizeField } from '@tidemark/contract';
import fastifyWebsocket from '@fastify/websocket';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import { plainText } from '../content/sanitize.ts';
import { checkImages } from './attachments.ts';
import type { ChatHub } from './chat.hub.ts';
import type { ChatService } from './chat.service.ts';
import { handleChatSocket } from './chat.socket.ts';
import { images, messageText as text } from './message-fields.ts';
import type { SupportConfigService } from './support-config.service.ts';
import type { TicketService } from './ticket.service.ts';
import { userCalls } from '../../platform/http/user-calls.ts';

const page = z.number().int().min(1).max(10_000).default(1);
const size = pageSizeField;

/** Where the support chat socket listens (under the /api prefix every module shares). */
export const SUPPORT_WS_PATH = '/api/ws/support';

/** The user's live chat socket at SUPPORT_WS_PATH. */
export async function registerSupportSocket(app: Api, ctx: AppContext, hub: ChatHub, chat: ChatService): Promise<void> {
  // The websocket plugin lives in this module's own scope, so the general /ws of another module stays free.
  await app.register(async (scope: Api) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    scope.get('/ws/support', { websocket: true, schema: { hide: true } }, (socket, request) =>
      handleChatSocket(ctx, hub, chat, socket, request),
    );
    scope.addHook('onClose', async () => hub.closeAll());
  });
}

/** The app's calls: the customer-service configuration, the user's tickets and their side of the chat. */
export function registerSupportRoutes(
  app: Api,
  ctx: AppContext,
  deps: { tickets: TicketService; chat: ChatService; hub: ChatHub; config: SupportConfigService },
): void {
  const { tickets, chat, hub, config } = deps;
  const user = ctx.guards.user;
  const call = userCalls(app, user, ['support']);

  app.post('/xb/v1/tpaj/info', { schema: { tags: ['support'], body: z.object({}).optional() } }, async () => {
    const c = await config.get();
    return { mode: c.mode, externalUrl: c.externalUrl, agentOnline: hub.agentsOnline() > 0, wsPath: SUPPORT_WS_PATH };
  });

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

  call('/xb/v1/support/ticket/detail', z.object({ id: idField }), (userId, body) => tickets.detail(body.id, userId));

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

  call('/xb/v1/support/chat/unread', z.object({}).optional(), async (userId) => ({
    count: await chat.unreadForUser(userId),
  }));

  call('/xb/v1/support/chat/read', z.object({}).optional(), async (userId) => ({
    marked: await chat.markReadByUser(userId),
  }));

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
}
