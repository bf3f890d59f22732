import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Canned replies per locale (migration 202611261700). */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: col.id(),
  locale: text('locale').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The agent a user's conversation is handed to (migration 202611261700). */
export const supportChatAssignments = pgTable('support_chat_assignments', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  assignedBy: bigint('assigned_by', { mode: 'number' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
});
