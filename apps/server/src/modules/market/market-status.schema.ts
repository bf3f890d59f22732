import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** The operator's trading status of a spot market or futures contract (migration 202611261600). */
export const marketStatus = pgTable(
  'market_status',
  {
    product: text('product').notNull(),
    symbol: text('symbol').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: col.updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.product, t.symbol] })],
);
