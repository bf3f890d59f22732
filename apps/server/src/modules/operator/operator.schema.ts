import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const OPERATOR_ROLES = ['super_admin', 'finance', 'compliance', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operators = pgTable('operators', {
  id: col.id(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  roles: text('roles').array().notNull(),
  /** The last TOTP time-step accepted: a code works once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: col.id(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  detail: jsonb('detail').notNull().default({}),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
