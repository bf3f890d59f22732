import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/202611270150_futures_order_brackets.sql: TP/SL given with an order. */
export const futuresOrderBrackets = pgTable('futures_order_brackets', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  takeProfitTicks: bigint('take_profit_ticks', { mode: 'bigint' }),
  tpTrigger: text('tp_trigger').$type<'mark' | 'last'>().notNull().default('mark'),
  stopLossTicks: bigint('stop_loss_ticks', { mode: 'bigint' }),
  slTrigger: text('sl_trigger').$type<'mark' | 'last'>().notNull().default('mark'),
  state: text('state').$type<'pending' | 'applied' | 'dropped'>().notNull().default('pending'),
  positionId: bigint('position_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type OrderBracketRow = typeof futuresOrderBrackets.$inferSelect;
