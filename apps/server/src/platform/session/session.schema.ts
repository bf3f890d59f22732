import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../db/columns.ts';

export const sessions = pgTable('sessions', {
  id: col.id(),
  tokenHash: text('token_hash').notNull().unique(),
  principalKind: text('principal_kind').notNull(),
  principalId: bigint('principal_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  ip: text('ip'),
});
