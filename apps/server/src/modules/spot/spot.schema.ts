import { bigint, boolean, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

// Mirrors migrations/202611211600_spot_orders.sql (CHECK constraints live in the SQL).

export const spotOrders = pgTable(
  'spot_orders',
  {
    ...col.orderRequestColumns(),
    side: text('side').notNull().$type<'buy' | 'sell'>(),
    type: text('type').notNull().$type<'limit' | 'market'>(),
    timeInForce: text('time_in_force'),
    priceTicks: bigint('price_ticks', { mode: 'number' }),
    qtyLots: bigint('qty_lots', { mode: 'number' }),
    quoteAmount: bigint('quote_amount', { mode: 'bigint' }),
    remainingLots: bigint('remaining_lots', { mode: 'number' }).notNull().default(0),
    filledBase: bigint('filled_base', { mode: 'bigint' }).notNull().default(0n),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull().default(0n),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(0n),
    frozenCurrency: text('frozen_currency').notNull(),
    frozenRemaining: bigint('frozen_remaining', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().$type<'new' | 'partially_filled' | 'filled' | 'cancelled'>(),
    cancelReason: text('cancel_reason'),
    demo: boolean('demo').notNull().default(false),
    ...col.rowTimes(),
  },
  (t) => [unique().on(t.userId, t.clientOrderId)],
);
export type SpotOrderRow = typeof spotOrders.$inferSelect;

export const spotTrades = pgTable('spot_trades', {
  id: col.id(),
  symbol: text('symbol').notNull(),
  priceTicks: bigint('price_ticks', { mode: 'number' }).notNull(),
  qtyLots: bigint('qty_lots', { mode: 'number' }).notNull(),
  baseAmount: bigint('base_amount', { mode: 'bigint' }).notNull(),
  quoteAmount: bigint('quote_amount', { mode: 'bigint' }).notNull(),
  takerSide: text('taker_side').notNull().$type<'buy' | 'sell'>(),
  takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
  makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
  takerUserId: bigint('taker_user_id', { mode: 'number' }).notNull(),
  makerUserId: bigint('maker_user_id', { mode: 'number' }).notNull(),
  takerFee: bigint('taker_fee', { mode: 'bigint' }).notNull(),
  makerFee: bigint('maker_fee', { mode: 'bigint' }).notNull(),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type SpotTradeRow = typeof spotTrades.$inferSelect;
