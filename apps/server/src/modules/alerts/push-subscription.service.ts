import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { pushSubscriptions, type DeliveryState } from './alerts.schema.ts';
import type { WebPushSender } from './web-push.ts';

export interface PushKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browsers a user receives Web Push on, and the sending to all of them. */
export class PushSubscriptionService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly sender: WebPushSender;
  constructor(db: Db, clock: Clock, sender: WebPushSender) {
    this.db = db;
    this.clock = clock;
    this.sender = sender;
  }

  get publicKey(): string {
    return this.sender.publicKey;
  }

  /** A browser's subscription; an endpoint already known moves to the caller (the browser was signed in anew). */
  async subscribe(userId: number, keys: PushKeys): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ ...keys, userId, createdAt: new Date(this.clock.now()) })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth },
      });
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async count(userId: number): Promise<number> {
    return (await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).length;
  }

  /**
   * Pushes to every subscription of the user: 'sent' when at least one push service accepted it. A subscription the
   * push service calls gone (404/410) is deleted.
   */
  async sendToUser(userId: number, payload: object): Promise<DeliveryState> {
    const subs = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    let sent = false;
    for (const sub of subs) {
      const outcome = await this.sender.send(sub, payload);
      if (outcome === 'sent') sent = true;
      if (outcome === 'gone')
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    }
    return sent ? 'sent' : 'failed';
  }
}
