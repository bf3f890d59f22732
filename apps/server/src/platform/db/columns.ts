import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns most tables repeat, written once so that they are the same everywhere (a key or a user reference is
 * always a bigint read as a number, an instant always carries its time zone). Used as `col.id()` beside the
 * table's own columns; the migrations, in SQL, stay the source of the schema — these only mirror them.
 */

/** The surrogate key the database assigns. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** The user the row belongs to (users.id). */
export const userId = () => bigint('user_id', { mode: 'number' }).notNull();

/** A currency code (USDT, BTC, …). */
export const currency = () => text('currency').notNull();

/** An instant, stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => at('created_at').notNull();

export const updatedAt = () => at('updated_at').notNull();

/** When the row was written first and last. */
export const rowTimes = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * What every order a user places on a market starts with: its key, its owner, the market, and the idempotency
 * pair (a retry with the same client id and the same request hash returns the first result; the table makes the
 * client id unique per user).
 */
export const orderRequestColumns = () => ({
  id: id(),
  userId: userId(),
  symbol: text('symbol').notNull(),
  clientOrderId: text('client_order_id').notNull(),
  requestHash: text('request_hash').notNull(),
});
