import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/db/database.ts';
import { userNotifications } from './alerts.schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { NotificationView } from '@tidemark/contract/alerts';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  refId: number | null;
  /** Epoch ms it is about (a fired alert: the tick's time). */
  at: number;
}

/**
 * Notices addressed to one user (the content module's notices are broadcast to everyone). Written by whatever
 * happened to the user — in the same transaction as the event, so a notice exists exactly when the event does.
 */
export class NotificationService {
  private readonly deps: Pick<AppContext, 'db' | 'clock'>;
  constructor(deps: Pick<AppContext, 'db' | 'clock'>) {
    this.deps = deps;
  }

  async add(tx: Db, n: NewNotification): Promise<void> {
    await tx.insert(userNotifications).values({
      userId: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      refId: n.refId,
      createdAt: new Date(n.at),
    });
  }

  async list(userId: number, page: number, size: number): Promise<{ items: NotificationView[]; unread: number }> {
    const rows = await this.deps.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, userId))
      .orderBy(desc(userNotifications.id))
      .limit(size)
      .offset((page - 1) * size);
    const [unread] = await this.deps.db
      .select({ n: count() })
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        refId: r.refId,
        createdAt: r.createdAt.getTime(),
        read: r.readAt !== null,
      })),
      unread: unread?.n ?? 0,
    };
  }

  /** Marks one notice (or, without an id, all of them) read; only the caller's own — another's id is not found. */
  async markRead(userId: number, id?: number): Promise<void> {
    const now = new Date(this.deps.clock.now());
    if (id === undefined) {
      await this.deps.db
        .update(userNotifications)
        .set({ readAt: now })
        .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
      return;
    }
    const [hit] = await this.deps.db
      .update(userNotifications)
      .set({ readAt: sql`coalesce(${userNotifications.readAt}, ${now})` })
      .where(and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)))
      .returning({ id: userNotifications.id });
    if (!hit) throw notFound('alerts.noticeNotFound');
  }
}
