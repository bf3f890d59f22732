import { asc, eq } from 'drizzle-orm';
import type { Locale } from '@tidemark/contract';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { ChatHub } from './chat.hub.ts';
import { supportCannedReplies, supportChatAssignments } from './chat-desk.schema.ts';

export interface CannedReply {
  id: number;
  locale: Locale;
  title: string;
  body: string;
  updatedAt: number;
}

export interface Assignment {
  userId: number;
  operatorId: number;
  assignedAt: number;
}

type By = { operatorId: number; ip: string };

export interface ChatDeskServiceDeps {
  db: Db;
  clock: Clock;
  hub: ChatHub;
  audit: () => AuditService;
}

/**
 * The agents' desk around the live chat: canned replies per locale, and the hand-over of a
 * conversation to one agent (told to every agent at once, so two never answer the same user without
 * knowing). Each change is audited in its own transaction.
 */
export class ChatDeskService {
  private readonly deps: ChatDeskServiceDeps;
  constructor(deps: ChatDeskServiceDeps) {
    this.deps = deps;
  }

  async canned(locale?: Locale): Promise<CannedReply[]> {
    const rows = await this.deps.db
      .select()
      .from(supportCannedReplies)
      .where(locale ? eq(supportCannedReplies.locale, locale) : undefined)
      .orderBy(asc(supportCannedReplies.locale), asc(supportCannedReplies.title));
    return rows.map((r) => ({
      id: r.id,
      locale: r.locale as Locale,
      title: r.title,
      body: r.body,
      updatedAt: r.updatedAt.getTime(),
    }));
  }

  async saveCanned(input: { id?: number | undefined; locale: Locale; title: string; body: string }, by: By) {
    const values = {
      locale: input.locale,
      title: input.title,
      body: input.body,
      updatedBy: by.operatorId,
      updatedAt: new Date(this.deps.clock.now()),
    };
    return this.deps.db.transaction(async (tx) => {
      const [row] =
        input.id === undefined
          ? await tx.insert(supportCannedReplies).values(values).returning()
          : await tx.update(supportCannedReplies).set(values).where(eq(supportCannedReplies.id, input.id)).returning();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'error.notFound', undefined, 'id');
      await this.deps.audit().record(
        {
          operatorId: by.operatorId,
          action: input.id === undefined ? 'support.canned.create' : 'support.canned.update',
          targetType: 'support_canned_reply',
          targetId: row.id,
          detail: { locale: row.locale, title: row.title },
          ip: by.ip,
        },
        tx,
      );
      return { id: row.id, locale: row.locale, title: row.title, body: row.body, updatedAt: row.updatedAt.getTime() };
    });
  }

  async deleteCanned(id: number, by: By): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'error.notFound', undefined, 'id');
      await this.deps.audit().record(
        {
          operatorId: by.operatorId,
          action: 'support.canned.delete',
          targetType: 'support_canned_reply',
          targetId: id,
          detail: { locale: row.locale, title: row.title },
          ip: by.ip,
        },
        tx,
      );
    });
  }

  async assignments(): Promise<Assignment[]> {
    const rows = await this.deps.db.select().from(supportChatAssignments);
    return rows.map((r) => ({ userId: r.userId, operatorId: r.operatorId, assignedAt: r.assignedAt.getTime() }));
  }

  /** Hands a user's conversation to an agent (already checked to be one); every agent is told. */
  async assign(userId: number, operatorId: number, by: By): Promise<Assignment> {
    const assignedAt = new Date(this.deps.clock.now());
    const before = await this.deps.db.transaction(async (tx) => {
      const [prev] = await tx.select().from(supportChatAssignments).where(eq(supportChatAssignments.userId, userId));
      await tx
        .insert(supportChatAssignments)
        .values({ userId, operatorId, assignedBy: by.operatorId, assignedAt })
        .onConflictDoUpdate({
          target: supportChatAssignments.userId,
          set: { operatorId, assignedBy: by.operatorId, assignedAt },
        });
      await this.deps.audit().record(
        {
          operatorId: by.operatorId,
          action: 'support.chat.assign',
          targetType: 'user',
          targetId: userId,
          detail: { from: prev?.operatorId ?? null, to: operatorId },
          ip: by.ip,
        },
        tx,
      );
      return prev?.operatorId ?? null;
    });
    this.deps.hub.toAgents({ type: 'assigned', userId, operatorId, from: before });
    return { userId, operatorId, assignedAt: assignedAt.getTime() };
  }
}
