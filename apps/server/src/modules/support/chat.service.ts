import { and, asc, count, desc, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { ChatHub } from './chat.hub.ts';
import type { ChatMessage } from '@tidemark/contract/support-chat';
import { supportChatMessages, supportTicketMessages, supportTickets } from './support.schema.ts';
import type { TicketService } from './ticket.service.ts';

type Row = typeof supportChatMessages.$inferSelect;

function view(r: Row): ChatMessage {
  return {
    id: r.id,
    userId: r.userId,
    sender: r.sender as ChatMessage['sender'],
    operatorId: r.operatorId,
    content: r.content,
    images: r.images,
    createdAt: r.createdAt.getTime(),
    read: r.readAt !== null,
  };
}

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  hub: ChatHub;
  tickets: TicketService;
  audit: () => AuditService;
}

/**
 * The live chat between a user and the support team: every message is stored before it is
 * delivered, so the history survives a restart. When no agent is online, the user's message is
 * also filed as a ticket and a system message tells the user so.
 */
export class ChatService {
  private readonly deps: ChatServiceDeps;
  constructor(deps: ChatServiceDeps) {
    this.deps = deps;
  }

  async history(userId: number, beforeId: number | undefined, size: number): Promise<ChatMessage[]> {
    const where = beforeId
      ? and(eq(supportChatMessages.userId, userId), lt(supportChatMessages.id, beforeId))
      : eq(supportChatMessages.userId, userId);
    const rows = await this.deps.db
      .select()
      .from(supportChatMessages)
      .where(where)
      .orderBy(desc(supportChatMessages.id))
      .limit(size);
    return rows.reverse().map(view);
  }

  /** Messages from the support side (agents and the system) the user has not read yet. */
  async unreadForUser(userId: number): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(supportChatMessages)
      .where(
        and(
          eq(supportChatMessages.userId, userId),
          inArray(supportChatMessages.sender, ['agent', 'system']),
          isNull(supportChatMessages.readAt),
        ),
      );
    return row?.n ?? 0;
  }

  async userSend(userId: number, locale: Locale, input: { content: string; images: string[] }) {
    if (!input.content && input.images.length === 0)
      throw badRequest('VALIDATION', 'support.messageEmpty', undefined, 'content');
    const offline = this.deps.hub.agentsOnline() === 0;
    const result = await this.deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const now = new Date(this.deps.clock.now());
      const [message] = await tx
        .insert(supportChatMessages)
        .values({ userId, sender: 'user', content: input.content, images: input.images, createdAt: now })
        .returning();
      if (!offline) return { message: message!, system: null, ticketId: null };
      const ticketId = await this.fileAsTicket(userId, locale, input, tx);
      const [system] = await tx
        .insert(supportChatMessages)
        .values({
          userId,
          sender: 'system',
          content: t(locale, 'support.noAgentOnline', { id: ticketId }),
          createdAt: now,
        })
        .returning();
      return { message: message!, system: system!, ticketId };
    });
    const message = view(result.message);
    this.deps.hub.toUser(userId, { type: 'message', message });
    this.deps.hub.toAgents({ type: 'message', message });
    if (result.system) this.deps.hub.toUser(userId, { type: 'message', message: view(result.system) });
    return { message, system: result.system ? view(result.system) : null, ticketId: result.ticketId };
  }

  /**
   * An offline message joins the user's chat ticket that still waits for an answer, or opens one,
   * so a user typing several lines gets one ticket, not one per line.
   */
  private async fileAsTicket(
    userId: number,
    locale: Locale,
    input: { content: string; images: string[] },
    tx: Db,
  ): Promise<number> {
    const content = input.content || t(locale, 'support.chatTicketTitle');
    const [open] = await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(
        and(eq(supportTickets.userId, userId), eq(supportTickets.source, 'chat'), eq(supportTickets.state, 'waiting')),
      )
      .orderBy(desc(supportTickets.id))
      .limit(1);
    if (open) {
      await tx.insert(supportTicketMessages).values({
        ticketId: open.id,
        authorKind: 'user',
        authorId: userId,
        content,
        images: input.images,
        createdAt: new Date(this.deps.clock.now()),
      });
      await tx
        .update(supportTickets)
        .set({ updatedAt: new Date(this.deps.clock.now()) })
        .where(eq(supportTickets.id, open.id));
      return open.id;
    }
    const created = await this.deps.tickets.create(
      userId,
      { title: t(locale, 'support.chatTicketTitle'), content, images: input.images, source: 'chat' },
      tx,
    );
    return created.id;
  }

  /** An agent answers a conversation (audited with the message, in one transaction). */
  async agentSend(operatorId: number, userId: number, input: { content: string }, ip: string | undefined) {
    if (!input.content) throw badRequest('VALIDATION', 'support.messageEmpty', undefined, 'content');
    const row = await this.deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // agents answer conversations; they cannot open one with an arbitrary user id
      const [known] = await tx
        .select({ id: supportChatMessages.id })
        .from(supportChatMessages)
        .where(eq(supportChatMessages.userId, userId))
        .limit(1);
      if (!known) throw notFound('support.userNotFound');
      const [inserted] = await tx
        .insert(supportChatMessages)
        .values({
          userId,
          sender: 'agent',
          operatorId,
          content: input.content,
          createdAt: new Date(this.deps.clock.now()),
        })
        .returning();
      await this.deps.audit().record(
        {
          operatorId,
          action: 'support.chat.send',
          targetType: 'user',
          targetId: userId,
          detail: { messageId: inserted!.id, length: input.content.length },
          ...(ip ? { ip } : {}),
        },
        tx,
      );
      return inserted!;
    });
    const message = view(row);
    this.deps.hub.toUser(userId, { type: 'message', message });
    this.deps.hub.toAgents({ type: 'message', message });
    return message;
  }

  /** The user has seen everything the support side sent. */
  async markReadByUser(userId: number): Promise<number> {
    const read = await this.markRead(userId, ['agent', 'system']);
    if (read.count) this.deps.hub.toAgents({ type: 'read', userId, by: 'user', upToId: read.upToId });
    return read.count;
  }

  /** An agent has seen the user's messages. */
  async markReadByAgent(userId: number): Promise<number> {
    const read = await this.markRead(userId, ['user']);
    if (read.count) {
      this.deps.hub.toUser(userId, { type: 'read', userId, by: 'agent', upToId: read.upToId });
      this.deps.hub.toAgents({ type: 'read', userId, by: 'agent', upToId: read.upToId });
    }
    return read.count;
  }

  /** Marks the conversation's unread messages from `senders` read: how many, and the id of the last of them. */
  private async markRead(userId: number, senders: string[]): Promise<{ count: number; upToId: number }> {
    const rows = await this.deps.db
      .update(supportChatMessages)
      .set({ readAt: new Date(this.deps.clock.now()) })
      .where(
        and(
          eq(supportChatMessages.userId, userId),
          inArray(supportChatMessages.sender, senders),
          isNull(supportChatMessages.readAt),
        ),
      )
      .returning({ id: supportChatMessages.id });
    return { count: rows.length, upToId: Math.max(0, ...rows.map((r) => r.id)) };
  }

  /** Conversations for the agents, most recent first, with the user's unread count. */
  async conversations(page: number, size: number) {
    const lastId = max(supportChatMessages.id);
    const rows = await this.deps.db
      .select({
        userId: supportChatMessages.userId,
        lastId,
        lastAt: max(supportChatMessages.createdAt),
        unread:
          sql<number>`count(*) filter (where ${supportChatMessages.sender} = 'user' and ${supportChatMessages.readAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(supportChatMessages)
      .groupBy(supportChatMessages.userId)
      .orderBy(desc(lastId))
      .limit(size)
      .offset((page - 1) * size);
    const lastIds = rows.map((r) => r.lastId).filter((x): x is number => x !== null);
    const lasts = lastIds.length
      ? await this.deps.db
          .select()
          .from(supportChatMessages)
          .where(inArray(supportChatMessages.id, lastIds))
          .orderBy(asc(supportChatMessages.id))
      : [];
    return {
      list: rows.map((r) => {
        const last = lasts.find((m) => m.id === Number(r.lastId));
        return { userId: r.userId, unread: r.unread, lastMessage: last ? view(last) : null };
      }),
      page,
      size,
    };
  }
}
