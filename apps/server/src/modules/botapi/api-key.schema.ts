import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

// Mirrors migrations/202611250101_api_keys.sql and 202611261900_api_key_withdraw.sql (the CHECK
// constraints live in the SQL).

export const apiKeys = pgTable('api_keys', {
  id: col.id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  apiKey: text('api_key').notNull().unique(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  label: text('label').notNull(),
  canTrade: boolean('can_trade').notNull().default(false),
  canWithdraw: boolean('can_withdraw').notNull().default(false),
  withdrawEnabledAt: timestamp('withdraw_enabled_at', { withTimezone: true }),
  ipAllow: text('ip_allow').array().notNull().default([]),
  status: text('status').notNull().$type<'active' | 'disabled'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;
