import crypto from 'node:crypto';

/** A listen key lives this long unless kept alive (Binance: 60 minutes, PUT every 30). */
const TTL_MS = 60 * 60_000;

/**
 * User data stream keys: one per user at a time (a second POST returns the live one, as Binance does),
 * kept in this process — a stream is served by the node that holds the socket anyway.
 */
export class ListenKeys {
  private readonly byKey = new Map<string, { userId: number; expiresAt: number }>();

  create(userId: number, now: number): string {
    for (const [k, v] of this.byKey) {
      if (v.userId === userId && v.expiresAt > now) {
        v.expiresAt = now + TTL_MS;
        return k;
      }
    }
    const key = crypto.randomBytes(30).toString('hex');
    this.byKey.set(key, { userId, expiresAt: now + TTL_MS });
    return key;
  }

  /** Extends a live key of this user; false for an unknown or expired one. */
  keepAlive(userId: number, key: string, now: number): boolean {
    const v = this.byKey.get(key);
    if (!v || v.userId !== userId || v.expiresAt <= now) return false;
    v.expiresAt = now + TTL_MS;
    return true;
  }

  close(userId: number, key: string): boolean {
    const v = this.byKey.get(key);
    if (!v || v.userId !== userId) return false;
    this.byKey.delete(key);
    return true;
  }

  userOf(key: string, now: number): number | null {
    const v = this.byKey.get(key);
    return v && v.expiresAt > now ? v.userId : null;
  }
}
