import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { supportTicketMessages, supportTickets, type TicketState } from './support.schema.ts';

export interface TicketMessageView {
  id: number;
  author: 'user' | 'operator';
  content: string;
  images: string[];
  createdAt: number;
}

export interface TicketServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * Tickets: a user opens one (waiting), the support team answers (replied), a user follow-up makes it
 * waiting again. A user only ever sees their own tickets; anything else is "not found".
 */
export class TicketService {
  private readonly deps: TicketServiceDeps;
  constructor(deps: TicketServiceDeps) {
    this.deps = deps;
  }

  async create(
    userId: number,
    input: { title: string; content: string; images: string[]; source?: 'form' | 'chat' },
    db: Db = this.deps.db,
  ) {
    const now = new Date(this.deps.clock.now());
    const [ticket] = await db
      .insert(supportTickets)
      .values({
        userId,
        title: input.title,
        state: 'waiting',
        source: input.source ?? 'form',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.insert(supportTicketMessages).values({
      ticketId: ticket!.id,
      authorKind: 'user',
      authorId: userId,
      content: input.content,
      images: input.images,
      createdAt: now,
    });
    return { id: ticket!.id, state: ticket!.state as TicketState, createdAt: now.getTime() };
  }

  async list(filter: { userId?: number | undefined; state?: TicketState | undefined }, page: number, size: number) {
    const conditions: SQL[] = [];
    if (filter.userId !== undefined) conditions.push(eq(supportTickets.userId, filter.userId));
    if (filter.state) conditions.push(eq(supportTickets.state, filter.state));
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.deps.db.select({ n: count() }).from(supportTickets).where(where);
    const rows = await this.deps.db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(size)
      .offset((page - 1) * size);
    // the first message of each ticket is its question
    const firsts = rows.length
      ? await this.deps.db
          .select()
          .from(supportTicketMessages)
          .where(
            inArray(
              supportTicketMessages.ticketId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(supportTicketMessages.id))
      : [];
    return {
      list: rows.map((r) => {
        const first = firsts.find((m) => m.ticketId === r.id);
        return {
          id: r.id,
          userId: r.userId,
          title: r.title,
          content: first?.content ?? '',
          state: r.state as TicketState,
          source: r.source,
          createdAt: r.createdAt.getTime(),
          updatedAt: r.updatedAt.getTime(),
        };
      }),
      total: total?.n ?? 0,
      page,
      size,
    };
  }

  /** The ticket with its whole thread; a user asking for someone else's ticket gets 404. */
  async detail(id: number, userId?: number) {
    const [ticket] = await this.deps.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    if (!ticket || (userId !== undefined && ticket.userId !== userId)) throw notFound('support.ticketNotFound');
    const messages = await this.deps.db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, id))
      .orderBy(asc(supportTicketMessages.id));
    return {
      id: ticket.id,
      userId: ticket.userId,
      title: ticket.title,
      state: ticket.state as TicketState,
      source: ticket.source,
      createdAt: ticket.createdAt.getTime(),
      updatedAt: ticket.updatedAt.getTime(),
      messages: messages.map((m): TicketMessageView => ({
        id: m.id,
        author: m.authorKind as 'user' | 'operator',
        content: m.content,
        images: m.images,
        createdAt: m.createdAt.getTime(),
      })),
    };
  }

  /** A user follow-up (→ waiting) or an operator reply (→ replied). */
  async reply(
    id: number,
    author: { kind: 'user' | 'operator'; id: number },
    input: { content: string; images: string[] },
    db: Db = this.deps.db,
  ) {
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!ticket || (author.kind === 'user' && ticket.userId !== author.id)) throw notFound('support.ticketNotFound');
    const now = new Date(this.deps.clock.now());
    const state: TicketState = author.kind === 'user' ? 'waiting' : 'replied';
    await db.update(supportTickets).set({ state, updatedAt: now }).where(eq(supportTickets.id, id));
    const [msg] = await db
      .insert(supportTicketMessages)
      .values({
        ticketId: id,
        authorKind: author.kind,
        authorId: author.id,
        content: input.content,
        images: input.images,
        createdAt: now,
      })
      .returning();
    return { id, state, messageId: msg!.id, userId: ticket.userId };
  }
}
