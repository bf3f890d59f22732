import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { sessions } from './session.schema.ts';

export type PrincipalKind = 'user' | 'operator';

export interface Session {
  id: number;
  principalKind: PrincipalKind;
  principalId: number;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The token is random and opaque; only its SHA-256 is stored, so a database leak grants nothing. */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token);
}

/** Accepts `Authorization: <token>` and `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return value.length >= 20 && value.length <= 200 ? value : null;
}

/**
 * How long a resolved session is trusted without asking the database again. A revocation in this process
 * takes effect at once (the entry is dropped); one made elsewhere (another node, an operator's SQL) within
 * this time.
 */
const CACHE_MS = 1_000;
const CACHE_MAX = 50_000;

export class SessionStore {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  /** Live sessions by `${kind}|${token hash}`, resolved at `at` (wall time of this process). */
  private readonly cache = new Map<string, { session: Session; at: number }>();
  /**
   * Lookups on their way to the database, by the same key: when a cached entry expires under load, every
   * request carrying that token at that moment waits for one read instead of each sending its own.
   */
  private readonly inflight = new Map<string, Promise<Session | null>>();
  /** Bumped by every revocation in this process: a read that started before it must not cache its answer. */
  private generation = 0;
  constructor(db: Db, clock: Clock, ttlMs: number) {
    this.db = db;
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  async create(
    principalKind: PrincipalKind,
    principalId: number,
    meta: { userAgent?: string | undefined; ip?: string | undefined },
    db: Db = this.db,
  ): Promise<{ token: string; session: Session }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date(this.clock.now());
    const [row] = await db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        principalKind,
        principalId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + this.ttlMs),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      })
      .returning();
    return { token, session: toSession(row!) };
  }

  /** The live session behind a token, or null when it is unknown, expired or revoked. */
  async resolve(token: string, kind: PrincipalKind): Promise<Session | null> {
    const now = new Date(this.clock.now());
    // keyed by the token as the request carried it: the hash is needed only to find the stored row, not for every
    // request a cached session answers (the map lives in this process, like the requests that carry the token)
    const key = `${kind}|${token}`;
    const hit = this.cache.get(key);
    // Date.now, not the injectable clock: the cache bounds real staleness, whatever time tests simulate
    if (hit && Date.now() - hit.at < CACHE_MS && hit.session.expiresAt > now) return hit.session;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const lookup = this.lookUp(key, token, kind, now);
    this.inflight.set(key, lookup);
    try {
      return await lookup;
    } finally {
      if (this.inflight.get(key) === lookup) this.inflight.delete(key);
    }
  }

  private async lookUp(key: string, token: string, kind: PrincipalKind, now: Date): Promise<Session | null> {
    const generation = this.generation;
    const at = Date.now();
    const session = await this.resolveStored(token, kind, now);
    if (session && generation === this.generation) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      // stamped with when the read started: the answer is at most CACHE_MS older than the row it came from
      this.cache.set(key, { session, at });
    } else {
      this.cache.delete(key);
    }
    return session;
  }

  /** Drops cached sessions so the next request reads the database (after a revocation in this process). */
  private forget(kind: PrincipalKind, sessionId: number): void {
    this.generation += 1;
    // a lookup already running may have read the row before the revocation: later callers read again
    this.inflight.clear();
    for (const [key, entry] of this.cache) {
      if (entry.session.id === sessionId && entry.session.principalKind === kind) this.cache.delete(key);
    }
  }

  private async resolveStored(token: string, kind: PrincipalKind, now: Date): Promise<Session | null> {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          eq(sessions.principalKind, kind),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
    if (!row) return null;
    // Coarse last-seen updates (once a minute) keep the device list useful without a write per call.
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    }
    return toSession(row);
  }

  async listActive(kind: PrincipalKind, principalId: number): Promise<Session[]> {
    const now = new Date(this.clock.now());
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.principalKind, kind),
          eq(sessions.principalId, principalId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt));
    return rows.map(toSession);
  }

  /** Revokes one session of a principal; false when it is not theirs or already gone. */
  async revoke(kind: PrincipalKind, principalId: number, sessionId: number): Promise<boolean> {
    this.forget(kind, sessionId);
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.principalKind, kind),
          eq(sessions.principalId, principalId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    // again after the write: a request resolved meanwhile may have cached the session as live
    this.forget(kind, sessionId);
    return rows.length > 0;
  }

  /** Revokes every session of a principal, except one (e.g. after a password change). */
  async revokeAll(kind: PrincipalKind, principalId: number, exceptSessionId?: number): Promise<void> {
    const rows = await this.listActive(kind, principalId);
    for (const s of rows) {
      if (s.id !== exceptSessionId) await this.revoke(kind, principalId, s.id);
    }
  }
}

function toSession(row: typeof sessions.$inferSelect): Session {
  return {
    id: row.id,
    principalKind: row.principalKind as PrincipalKind,
    principalId: row.principalId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    userAgent: row.userAgent,
    ip: row.ip,
  };
}
