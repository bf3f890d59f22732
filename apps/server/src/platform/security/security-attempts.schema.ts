import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Failure counters of the attempt guard (attempt-guard.ts), one row per scope and key. */
export const securityAttempts = pgTable(
  'security_attempts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('security_attempts_updated_idx').on(t.updatedAt)],
);
