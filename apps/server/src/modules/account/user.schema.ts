import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').unique(),
  phoneCountry: text('phone_country'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  fundPasswordHash: text('fund_password_hash'),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** Offered by totp/setup, proven by totp/enable (migration 202611211002). */
  totpPendingSecret: text('totp_pending_secret'),
  inviteCode: text('invite_code').notNull().unique(),
  inviterId: bigint('inviter_id', { mode: 'number' }),
  creditScore: integer('credit_score').notNull().default(100),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
