import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/202611262240_rules_responsible_trading.sql. */
export const responsibleProfiles = pgTable('responsible_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  quizPassedAt: timestamp('quiz_passed_at', { withTimezone: true }),
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const responsibleExclusions = pgTable('responsible_exclusions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  period: text('period').$type<ExclusionPeriod>().notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '3m', '6m'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
