import { bigint, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

// Mirrors migrations/202611262230_spot_stops.sql (CHECK constraints live in the SQL).

export const spotStopOrders = pgTable(
  'spot_stop_orders',
  {
    ...col.orderRequestColumns(),
    side: text('side').notNull().$type<'buy' | 'sell'>(),
    type: text('type').notNull().$type<'stop_limit' | 'stop_market'>(),
    stopPriceTicks: bigint('stop_price_ticks', { mode: 'number' }).notNull(),
    priceTicks: bigint('price_ticks', { mode: 'number' }),
    qtyLots: bigint('qty_lots', { mode: 'number' }),
    quoteAmount: bigint('quote_amount', { mode: 'bigint' }),
    ocoOrderId: bigint('oco_order_id', { mode: 'number' }),
    frozenCurrency: text('frozen_currency').notNull(),
    frozenAmount: bigint('frozen_amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().$type<'waiting' | 'triggered' | 'cancelled'>(),
    cancelReason: text('cancel_reason'),
    orderId: bigint('order_id', { mode: 'number' }).unique(),
    ...col.rowTimes(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.userId, t.clientOrderId)],
);
export type StopOrderRow = typeof spotStopOrders.$inferSelect;
