import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The operator's trading status of a spot market or futures contract (migration 202611261600). */
export const marketStatus = pgTable(
  'market_status',
  {
    product: text('product').notNull(),
    symbol: text('symbol').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.product, t.symbol] })],
);
