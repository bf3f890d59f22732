import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

// Column builders the tables share, so that one kind of column is declared one way (the migrations, in SQL,
// stay the source of the schema: these only mirror them).

/** A row's key: a bigint identity, read as a JavaScript number. */
export const identityKey = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** When the row was written first and last. */
export const rowTimes = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What every order a user places on a market starts with: its key, its owner, the market, and the idempotency
 * pair (a retry with the same client id and the same request hash returns the first result; the table makes the
 * client id unique per user).
 */
export const orderRequestColumns = () => ({
  id: identityKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  clientOrderId: text('client_order_id').notNull(),
  requestHash: text('request_hash').notNull(),
});
