import { and, eq } from 'drizzle-orm';
import { pushSubscriptions, type DeliveryState } from './alerts.schema.ts';
import type { WebPushSender } from './web-push.ts';
import type { AppContext } from '../../platform/context.ts';

export interface PushKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browsers a user receives Web Push on, and the sending to all of them. */
export class PushSubscriptionService {
  private readonly deps: Pick<AppContext, 'db' | 'clock'> & { sender: WebPushSender };
  constructor(deps: Pick<AppContext, 'db' | 'clock'> & { sender: WebPushSender }) {
    this.deps = deps;
  }

  get publicKey(): string {
    return this.deps.sender.publicKey;
  }

  /** A browser's subscription; an endpoint already known moves to the caller (the browser was signed in anew). */
  async subscribe(userId: number, keys: PushKeys): Promise<void> {
    await this.deps.db
      .insert(pushSubscriptions)
      .values({ ...keys, userId, createdAt: new Date(this.deps.clock.now()) })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth },
      });
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async count(userId: number): Promise<number> {
    return (await this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).length;
  }

  /**
   * Pushes to every subscription of the user: 'sent' when at least one push service accepted it. A subscription the
   * push service calls gone (404/410) is deleted.
   */
  async sendToUser(userId: number, payload: object): Promise<DeliveryState> {
    const subs = await this.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    let sent = false;
    for (const sub of subs) {
      const outcome = await this.deps.sender.send(sub, payload);
      if (outcome === 'sent') sent = true;
      if (outcome === 'gone')
        await this.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    }
    return sent ? 'sent' : 'failed';
  }
}
