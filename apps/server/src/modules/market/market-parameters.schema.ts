import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fees and minimums set by an operator over the configuration, append-only (migration 202611262000). */
export const marketParameterOverrides = pgTable('market_parameter_overrides', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  product: text('product').notNull(),
  symbol: text('symbol').notNull(),
  field: text('field').notNull(),
  value: text('value').notNull(),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
