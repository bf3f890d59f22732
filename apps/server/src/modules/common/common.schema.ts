import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: col.id(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

export const uploads = pgTable('uploads', {
  id: col.id(),
  fileName: text('file_name').notNull().unique(),
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
