import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611211210_support_tables.sql. */
export const TICKET_STATES = ['waiting', 'replied'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const supportTickets = pgTable('support_tickets', {
  id: col.id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  state: text('state').notNull().default('waiting'),
  source: text('source').notNull().default('form'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const supportTicketMessages = pgTable('support_ticket_messages', {
  id: col.id(),
  ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
  authorKind: text('author_kind').notNull(),
  authorId: bigint('author_id', { mode: 'number' }).notNull(),
  content: text('content').notNull(),
  images: text('images').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const supportChatMessages = pgTable('support_chat_messages', {
  id: col.id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sender: text('sender').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  content: text('content').notNull(),
  images: text('images').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
});

export const supportConfig = pgTable('support_config', {
  id: integer('id').primaryKey().default(1),
  mode: text('mode').notNull(),
  externalUrl: text('external_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
