import { bigint, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const PLAN_STATUSES = ['open', 'closed'] as const;
export const ORDER_STATES = ['active', 'matured', 'redeemed', 'revoked'] as const;
export const SOURCE_WALLETS = ['earn', 'spot'] as const;
export type SourceWallet = (typeof SOURCE_WALLETS)[number];

const rate = (name: string) => numeric(name, { precision: 20, scale: 18 });

export const earnPlans = pgTable('earn_plans', {
  id: col.id(),
  code: text('code').unique(),
  currency: col.currency(),
  lockDays: integer('lock_days').notNull(),
  rateMin: rate('rate_min').notNull(),
  rateMax: rate('rate_max').notNull(),
  rate: rate('rate').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
  capacity: bigint('capacity', { mode: 'bigint' }).notNull(),
  penaltyRate: rate('penalty_rate').notNull(),
  graceMinutes: integer('grace_minutes').notNull(),
  status: text('status', { enum: PLAN_STATUSES }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: col.createdAt(),
  updatedAt: col.updatedAt(),
});

export const earnOrders = pgTable('earn_orders', {
  id: col.id(),
  userId: col.userId(),
  planId: bigint('plan_id', { mode: 'number' }).notNull(),
  currency: col.currency(),
  sourceWallet: text('source_wallet', { enum: SOURCE_WALLETS }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  dailyRate: rate('daily_rate').notNull(),
  dailyYield: bigint('daily_yield', { mode: 'bigint' }).notNull(),
  lockDays: integer('lock_days').notNull(),
  penaltyRate: rate('penalty_rate').notNull(),
  startDay: integer('start_day').notNull(),
  startedAt: col.at('started_at').notNull(),
  endsAt: col.at('ends_at').notNull(),
  graceUntil: col.at('grace_until').notNull(),
  daysPaid: integer('days_paid').notNull().default(0),
  accrued: bigint('accrued', { mode: 'bigint' }).notNull().default(0n),
  state: text('state', { enum: ORDER_STATES }).notNull(),
  penalty: bigint('penalty', { mode: 'bigint' }),
  closedAt: col.at('closed_at'),
});

export const earnAccruals = pgTable(
  'earn_accruals',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: col.createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);
