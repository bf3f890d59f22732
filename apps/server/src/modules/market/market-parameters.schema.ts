import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Fees and minimums set by an operator over the configuration, append-only (migration 202611262000). */
export const marketParameterOverrides = pgTable('market_parameter_overrides', {
  id: col.id(),
  product: text('product').notNull(),
  symbol: text('symbol').notNull(),
  field: text('field').notNull(),
  value: text('value').notNull(),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  createdAt: col.createdAt(),
});
