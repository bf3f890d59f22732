import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns most tables repeat, written once so that they are the same everywhere (a user reference is always a
 * non-null bigint read as a number, an instant always carries its time zone). Used as `col.id()` beside the
 * table's own columns.
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
