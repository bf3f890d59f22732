import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const users = pgTable('users', {
  id: col.id(),
  email: text('email').unique(),
  phoneCountry: text('phone_country'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  fundPasswordHash: text('fund_password_hash'),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** Offered by totp/setup, proven by totp/enable (migration 202611211002). */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time-step accepted: a step at or before it is refused (a code works once). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** Shown in every e-mail the platform sends this user, so a look-alike mail lacks it. */
  antiPhishingCode: text('anti_phishing_code'),
  /** Withdrawals wait until then after a security change (password, fund password, 2FA, e-mail). */
  withdrawFrozenUntil: col.at('withdraw_frozen_until'),
  withdrawFreezeReason: text('withdraw_freeze_reason'),
  inviteCode: text('invite_code').notNull().unique(),
  inviterId: bigint('inviter_id', { mode: 'number' }),
  creditScore: integer('credit_score').notNull().default(100),
  status: text('status').notNull().default('active'),
  createdAt: col.createdAt().defaultNow(),
  updatedAt: col.updatedAt().defaultNow(),
});

/** Devices a user has signed in from (a hash of the browser's user agent): a new one gets an e-mail. */
export const accountDevices = pgTable(
  'account_devices',
  {
    userId: col.userId(),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: col.at('first_seen_at').notNull(),
    lastSeenAt: col.at('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
