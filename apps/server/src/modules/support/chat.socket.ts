import { asciiText, idField, type Locale, normalizeLocale, text } from '@tidemark/contract';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { service } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import { tokenFromHeader } from '../../platform/session/session-store.ts';
import { plainText } from '../content/sanitize.ts';
import { checkImages } from './attachments.ts';
import { send, type ChatHub } from './chat.hub.ts';
import type { ChatService } from './chat.service.ts';

/** Client → server frames. An agent names the conversation (userId); a user never does. */
const frame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: asciiText({ max: 300 }).min(1) }),
  z.object({
    type: z.literal('message'),
    content: text({ max: 2000, multiline: true }).default(''),
    images: z
      .array(asciiText({ max: 120 }))
      .max(6)
      .optional(),
    userId: idField.optional(),
  }),
  z.object({ type: z.literal('typing'), userId: idField.optional() }),
  z.object({ type: z.literal('read'), userId: idField.optional() }),
  z.object({ type: z.literal('ping') }),
]);

type Who = { role: 'user'; userId: number } | { role: 'agent'; operatorId: number };

const AGENT_ROLES = ['support', 'super_admin'];

/**
 * One support-chat socket. It authenticates with `?token=` or a first `{type:'auth', token}` frame
 * as a user, or as an operator with the support role (an agent). Frames are handled one at a time,
 * in order, so a message sent right after connecting waits for authentication.
 */
export function handleChatSocket(
  ctx: AppContext,
  hub: ChatHub,
  chat: ChatService,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const locale: Locale = normalizeLocale(query.locale ?? request.headers.locale);
  let who: Who | null = null;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const fail = (err: unknown) => {
    if (err instanceof AppError) {
      send(socket, { type: 'error', error: err.errorKey, message: t(locale, err.messageKey, err.params) });
    } else {
      request.log.error({ err }, 'support chat frame failed');
      send(socket, { type: 'error', error: 'INTERNAL', message: t(locale, 'error.internal') });
    }
  };
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch(fail);
  };

  const authenticate = async (token: string) => {
    const userSession = await ctx.sessions.resolve(token, 'user');
    if (userSession) {
      who = { role: 'user', userId: userSession.principalId };
      hub.addUser(userSession.principalId, socket);
      send(socket, {
        type: 'ready',
        role: 'user',
        agentsOnline: hub.agentsOnline(),
        unread: await chat.unreadForUser(userSession.principalId),
      });
      return;
    }
    const opSession = await ctx.sessions.resolve(token, 'operator');
    const op = opSession ? await service(ctx, 'operators').get(opSession.principalId) : null;
    if (op && op.active && op.roles.some((r) => AGENT_ROLES.includes(r))) {
      who = { role: 'agent', operatorId: op.id };
      hub.addAgent(op.id, socket);
      send(socket, { type: 'ready', role: 'agent', agentsOnline: hub.agentsOnline() });
      return;
    }
    send(socket, { type: 'error', error: 'UNAUTHORIZED', message: t(locale, 'error.unauthorized') });
    socket.close(4401, 'unauthorized');
  };

  const handle = async (raw: string) => {
    let parsed: z.infer<typeof frame>;
    try {
      const result = frame.safeParse(JSON.parse(raw));
      if (!result.success) throw new Error('bad frame');
      parsed = result.data;
    } catch {
      send(socket, { type: 'error', error: 'VALIDATION', message: t(locale, 'validation.body') });
      return;
    }
    if (parsed.type === 'ping') return;
    if (parsed.type === 'auth') {
      if (!who) await authenticate(parsed.token);
      return;
    }
    const current = who as Who | null;
    if (!current) {
      send(socket, { type: 'error', error: 'UNAUTHORIZED', message: t(locale, 'support.authRequired') });
      return;
    }
    if (current.role === 'user') {
      const userId = current.userId;
      if (parsed.type === 'message') {
        const images = await checkImages(ctx, userId, parsed.images);
        await chat.userSend(userId, locale, { content: plainText(parsed.content), images });
      } else if (parsed.type === 'typing') {
        hub.toAgents({ type: 'typing', userId, from: 'user' });
      } else {
        await chat.markReadByUser(userId);
      }
      return;
    }
    const userId = parsed.userId;
    if (!userId) {
      send(socket, {
        type: 'error',
        error: 'VALIDATION',
        message: t(locale, 'validation.required', { field: 'userId' }),
      });
      return;
    }
    if (parsed.type === 'message')
      await chat.agentSend(current.operatorId, userId, { content: plainText(parsed.content) }, request.ip);
    else if (parsed.type === 'typing') hub.toUser(userId, { type: 'typing', userId, from: 'agent' });
    else await chat.markReadByAgent(userId);
  };

  socket.on('message', (data) => {
    if (closed) return;
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    if (text.length > 20_000) {
      socket.close(1009, 'frame too large');
      return;
    }
    enqueue(() => handle(text));
  });
  socket.on('close', () => {
    closed = true;
    const current = who as Who | null;
    if (current?.role === 'user') hub.removeUser(current.userId, socket);
    else if (current?.role === 'agent') hub.removeAgent(socket);
  });

  const token = typeof query.token === 'string' ? query.token : tokenFromHeader(request.headers.authorization);
  if (token) enqueue(() => authenticate(token));
}
