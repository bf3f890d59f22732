import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const PLAN_STATUSES = ['open', 'closed'] as const;
export const ORDER_STATES = ['active', 'matured', 'redeemed', 'revoked'] as const;
export const SOURCE_WALLETS = ['earn', 'spot'] as const;
export type SourceWallet = (typeof SOURCE_WALLETS)[number];

const rate = (name: string) => numeric(name, { precision: 20, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const earnPlans = pgTable('earn_plans', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').unique(),
  currency: text('currency').notNull(),
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
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const earnOrders = pgTable('earn_orders', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  planId: bigint('plan_id', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  sourceWallet: text('source_wallet', { enum: SOURCE_WALLETS }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  dailyRate: rate('daily_rate').notNull(),
  dailyYield: bigint('daily_yield', { mode: 'bigint' }).notNull(),
  lockDays: integer('lock_days').notNull(),
  penaltyRate: rate('penalty_rate').notNull(),
  startDay: integer('start_day').notNull(),
  startedAt: at('started_at').notNull(),
  endsAt: at('ends_at').notNull(),
  graceUntil: at('grace_until').notNull(),
  daysPaid: integer('days_paid').notNull().default(0),
  accrued: bigint('accrued', { mode: 'bigint' }).notNull().default(0n),
  state: text('state', { enum: ORDER_STATES }).notNull(),
  penalty: bigint('penalty', { mode: 'bigint' }),
  closedAt: at('closed_at'),
});

export const earnAccruals = pgTable(
  'earn_accruals',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);
