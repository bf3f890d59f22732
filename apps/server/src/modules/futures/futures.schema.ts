import { bigint, boolean, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Drizzle mirror of migrations/202611211700_futures_tables.sql (ticks, lots and USDT minor units). */

export const futuresSettings = pgTable(
  'futures_settings',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    symbol: text('symbol').notNull(),
    marginMode: text('margin_mode').$type<'cross' | 'isolated'>().notNull(),
    leverage: integer('leverage').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

export const futuresPositions = pgTable('futures_positions', {
  id: col.id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  side: text('side').$type<'long' | 'short'>().notNull(),
  marginMode: text('margin_mode').$type<'cross' | 'isolated'>().notNull(),
  leverage: integer('leverage').notNull(),
  qtyLots: bigint('qty_lots', { mode: 'bigint' }).notNull(),
  entryValue: bigint('entry_value', { mode: 'bigint' }).notNull(),
  margin: bigint('margin', { mode: 'bigint' }).notNull(),
  openedValue: bigint('opened_value', { mode: 'bigint' }).notNull().default(0n),
  fee: bigint('fee', { mode: 'bigint' }).notNull().default(0n),
  funding: bigint('funding', { mode: 'bigint' }).notNull().default(0n),
  realizedPnl: bigint('realized_pnl', { mode: 'bigint' }).notNull().default(0n),
  closedLots: bigint('closed_lots', { mode: 'bigint' }).notNull().default(0n),
  closeValue: bigint('close_value', { mode: 'bigint' }).notNull().default(0n),
  takeProfitTicks: bigint('take_profit_ticks', { mode: 'bigint' }),
  stopLossTicks: bigint('stop_loss_ticks', { mode: 'bigint' }),
  tpTrigger: text('tp_trigger').$type<'mark' | 'last'>().notNull().default('mark'),
  slTrigger: text('sl_trigger').$type<'mark' | 'last'>().notNull().default('mark'),
  /** Trailing stop (migrations/202611262230_futadv_futures_triggers.sql): callback in 0.01 % (null: none). */
  trailCallback: integer('trail_callback'),
  trailTrigger: text('trail_trigger').$type<'mark' | 'last'>().notNull().default('mark'),
  trailActivationTicks: bigint('trail_activation_ticks', { mode: 'bigint' }),
  trailWatermarkTicks: bigint('trail_watermark_ticks', { mode: 'bigint' }),
  status: text('status').$type<'open' | 'closed'>().notNull(),
  closeReason: text('close_reason'),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type PositionRow = typeof futuresPositions.$inferSelect;

export const futuresOrders = pgTable(
  'futures_orders',
  {
    ...col.orderRequestColumns(),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    type: text('type').$type<'limit' | 'market'>().notNull(),
    source: text('source').$type<'user' | 'close' | 'take_profit' | 'stop_loss' | 'liquidation'>().notNull(),
    priceTicks: bigint('price_ticks', { mode: 'bigint' }),
    qtyLots: bigint('qty_lots', { mode: 'bigint' }).notNull(),
    remainingLots: bigint('remaining_lots', { mode: 'bigint' }).notNull().default(0n),
    filledLots: bigint('filled_lots', { mode: 'bigint' }).notNull().default(0n),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull().default(0n),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(0n),
    reduceOnly: boolean('reduce_only').notNull(),
    postOnly: boolean('post_only').notNull().default(false),
    timeInForce: text('time_in_force').$type<'GTC' | 'IOC' | 'FOK'>().notNull().default('GTC'),
    leverage: integer('leverage').notNull(),
    marginMode: text('margin_mode').$type<'cross' | 'isolated'>().notNull(),
    imRemaining: bigint('im_remaining', { mode: 'bigint' }).notNull(),
    feeRemaining: bigint('fee_remaining', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'new' | 'partially_filled' | 'filled' | 'cancelled'>().notNull(),
    cancelReason: text('cancel_reason'),
    ...col.rowTimes(),
  },
  (t) => [unique().on(t.userId, t.clientOrderId)],
);
export type FuturesOrderRow = typeof futuresOrders.$inferSelect;

export const futuresTrades = pgTable('futures_trades', {
  id: col.id(),
  symbol: text('symbol').notNull(),
  kind: text('kind').$type<'match' | 'adl'>().notNull(),
  priceTicks: bigint('price_ticks', { mode: 'bigint' }).notNull(),
  qtyLots: bigint('qty_lots', { mode: 'bigint' }).notNull(),
  takerSide: text('taker_side').$type<'buy' | 'sell'>().notNull(),
  takerOrderId: bigint('taker_order_id', { mode: 'number' }),
  makerOrderId: bigint('maker_order_id', { mode: 'number' }),
  takerUserId: bigint('taker_user_id', { mode: 'number' }).notNull(),
  makerUserId: bigint('maker_user_id', { mode: 'number' }).notNull(),
  takerFee: bigint('taker_fee', { mode: 'bigint' }).notNull(),
  makerFee: bigint('maker_fee', { mode: 'bigint' }).notNull(),
  /** What each side realized by this fill (USDT minor units; 0 when it only opened). */
  takerPnl: bigint('taker_pnl', { mode: 'bigint' }).notNull().default(0n),
  makerPnl: bigint('maker_pnl', { mode: 'bigint' }).notNull().default(0n),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const futuresMarkPrices = pgTable(
  'futures_mark_prices',
  {
    id: col.id(),
    symbol: text('symbol').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    indexPrice: numeric('index_price', { precision: 38, scale: 18 }).notNull(),
    markTicks: bigint('mark_ticks', { mode: 'bigint' }).notNull(),
  },
  (t) => [unique().on(t.symbol, t.ts)],
);

export const futuresFundingRounds = pgTable(
  'futures_funding_rounds',
  {
    id: col.id(),
    symbol: text('symbol').notNull(),
    fundingTime: timestamp('funding_time', { withTimezone: true }).notNull(),
    rate: bigint('rate', { mode: 'bigint' }).notNull(),
    markTicks: bigint('mark_ticks', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    positions: integer('positions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique().on(t.symbol, t.fundingTime)],
);

export const futuresFundingPayments = pgTable('futures_funding_payments', {
  id: col.id(),
  roundId: bigint('round_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  side: text('side').$type<'long' | 'short'>().notNull(),
  positionValue: bigint('position_value', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const futuresLiquidations = pgTable('futures_liquidations', {
  id: col.id(),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  side: text('side').$type<'long' | 'short'>().notNull(),
  qtyLots: bigint('qty_lots', { mode: 'bigint' }).notNull(),
  markTicks: bigint('mark_ticks', { mode: 'bigint' }).notNull(),
  bankruptcyTicks: bigint('bankruptcy_ticks', { mode: 'bigint' }).notNull(),
  marketLots: bigint('market_lots', { mode: 'bigint' }).notNull(),
  adlLots: bigint('adl_lots', { mode: 'bigint' }).notNull(),
  insuranceDelta: bigint('insurance_delta', { mode: 'bigint' }).notNull(),
  /** The position as it was liquidated (null for records older than these columns). */
  entryValue: bigint('entry_value', { mode: 'bigint' }),
  margin: bigint('margin', { mode: 'bigint' }),
  marginMode: text('margin_mode').$type<'cross' | 'isolated'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
