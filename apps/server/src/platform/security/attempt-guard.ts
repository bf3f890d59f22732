import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { registerMessages } from '../i18n/messages.ts';
import { securityMessages } from './security.messages.ts';
import { securityAttempts } from './security-attempts.schema.ts';

registerMessages(securityMessages);

/**
 * How failures of one kind are counted and what they cost. Failures are counted from the first one
 * in a window; once more than `free` have happened the key is locked: for a fixed time, or for a
 * time that doubles with every further failure up to a cap (a progressive delay that slows a
 * guesser without ever locking anyone out for good).
 */
export interface AttemptPolicy {
  windowMs: number;
  free: number;
  lock: { kind: 'none' } | { kind: 'fixed'; ms: number } | { kind: 'doubling'; baseMs: number; maxMs: number };
}

export interface AttemptState {
  failures: number;
  /** Epoch ms until which the key is locked, or null. */
  lockedUntil: number | null;
}

/** The lock a policy gives after `failures` failures, in ms from now (0: none). */
export function lockMsAfter(policy: AttemptPolicy, failures: number): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  const lock = policy.lock;
  if (lock.kind === 'none') return 0;
  if (lock.kind === 'fixed') return lock.ms;
  // 2^(over-1) × base, computed without overflowing for large counts
  const doublings = Math.min(over - 1, 40);
  return Math.min(lock.maxMs, lock.baseMs * 2 ** doublings);
}

/**
 * Failure counters with locks, kept in the database so they hold across restarts and across
 * processes that share the database. A scope names what is counted (login per account, fund
 * password per user, …); the key says whose. Every update is one upsert, so two concurrent
 * failures both count.
 */
export class AttemptGuard {
  private readonly db: Db;
  private readonly clock: Clock;
  private failsSincePrune = 0;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** The state of a key now: failures inside the window and a lock still running. */
  async state(scope: string, key: string, policy: AttemptPolicy): Promise<AttemptState> {
    const now = this.clock.now();
    const [row] = await this.db
      .select()
      .from(securityAttempts)
      .where(and(eq(securityAttempts.scope, scope), eq(securityAttempts.key, key)))
      .limit(1);
    if (!row) return { failures: 0, lockedUntil: null };
    const inWindow = row.windowStartedAt.getTime() > now - policy.windowMs;
    const lockedUntil = row.lockedUntil && row.lockedUntil.getTime() > now ? row.lockedUntil.getTime() : null;
    return { failures: inWindow ? row.failures : 0, lockedUntil };
  }

  /** Counts one failure and applies the policy's lock; returns the new state. */
  async fail(scope: string, key: string, policy: AttemptPolicy): Promise<AttemptState> {
    const now = this.clock.now();
    const nowDate = new Date(now);
    const windowStart = new Date(now - policy.windowMs);
    const [row] = await this.db
      .insert(securityAttempts)
      .values({ scope, key, failures: 1, windowStartedAt: nowDate, updatedAt: nowDate })
      .onConflictDoUpdate({
        target: [securityAttempts.scope, securityAttempts.key],
        set: {
          failures: sql`case when ${securityAttempts.windowStartedAt} <= ${windowStart} then 1 else ${securityAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${securityAttempts.windowStartedAt} <= ${windowStart} then ${nowDate} else ${securityAttempts.windowStartedAt} end`,
          updatedAt: nowDate,
        },
      })
      .returning();
    const failures = row!.failures;
    const lockMs = lockMsAfter(policy, failures);
    let lockedUntil = row!.lockedUntil && row!.lockedUntil.getTime() > now ? row!.lockedUntil.getTime() : null;
    if (lockMs > 0) {
      const until = now + lockMs;
      if (lockedUntil === null || until > lockedUntil) {
        lockedUntil = until;
        await this.db
          .update(securityAttempts)
          .set({ lockedUntil: new Date(until) })
          .where(
            and(
              eq(securityAttempts.scope, scope),
              eq(securityAttempts.key, key),
              or(isNull(securityAttempts.lockedUntil), lt(securityAttempts.lockedUntil, new Date(until))),
            ),
          );
      }
    }
    if (++this.failsSincePrune >= 1000) {
      this.failsSincePrune = 0;
      await this.prune();
    }
    return { failures, lockedUntil };
  }

  /** Forgets a key's failures and lock (after a success that proves the owner). */
  async clear(scope: string, key: string): Promise<void> {
    await this.db.delete(securityAttempts).where(and(eq(securityAttempts.scope, scope), eq(securityAttempts.key, key)));
  }

  /** Drops rows untouched for a week whose lock has run out: counters are never needed that long. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now() - 7 * 24 * 3600_000);
    await this.db
      .delete(securityAttempts)
      .where(
        and(
          lt(securityAttempts.updatedAt, cutoff),
          or(isNull(securityAttempts.lockedUntil), lt(securityAttempts.lockedUntil, cutoff)),
        ),
      );
  }
}

/** "2026-11-25 10:30 UTC": the until-when of a lock in a message, the same in every language. */
export function formatUntil(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
