import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611262240_rules_responsible_trading.sql. */
export const responsibleProfiles = pgTable('responsible_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  quizPassedAt: col.at('quiz_passed_at'),
  excludedUntil: col.at('excluded_until'),
  updatedAt: col.updatedAt(),
});

export const responsibleExclusions = pgTable('responsible_exclusions', {
  id: col.id(),
  userId: col.userId(),
  period: text('period').$type<ExclusionPeriod>().notNull(),
  until: col.at('until').notNull(),
  createdAt: col.createdAt(),
});

export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '3m', '6m'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
