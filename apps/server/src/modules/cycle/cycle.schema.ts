import { bigint, boolean, integer, numeric, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611211500_cycle_contracts.sql. */
export const cycleProducts = pgTable(
  'cycle_products',
  {
    instrument: text('instrument').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    payoutRate: numeric('payout_rate', { precision: 10, scale: 4 }).notNull(),
    feeRate: numeric('fee_rate', { precision: 10, scale: 6 }).notNull(),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    userExposureLimit: bigint('user_exposure_limit', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: col.updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.instrument, t.periodSeconds] })],
);

export const SWITCH_SCOPES = ['instrument', 'period', 'country'] as const;
export type SwitchScope = (typeof SWITCH_SCOPES)[number];
export const cycleSwitches = pgTable(
  'cycle_switches',
  {
    scope: text('scope').$type<SwitchScope>().notNull(),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: col.updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const cycleRiskAcceptances = pgTable('cycle_risk_acceptances', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  documentCode: text('document_code').notNull(),
  acceptedAt: col.at('accepted_at').notNull(),
});

export const CONTRACT_STATUSES = ['open', 'won', 'lost', 'refunded'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const cycleContracts = pgTable(
  'cycle_contracts',
  {
    id: col.id(),
    userId: col.userId(),
    requestId: text('request_id').notNull(),
    instrument: text('instrument').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    direction: text('direction').$type<'up' | 'down'>().notNull(),
    currency: col.currency(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    payoutRate: numeric('payout_rate', { precision: 10, scale: 4 }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    committedAt: col.at('committed_at').notNull(),
    endAt: col.at('end_at').notNull(),
    ruleVersion: text('rule_version').notNull(),
    demo: boolean('demo').notNull(),
    buyTransactionId: bigint('buy_transaction_id', { mode: 'number' }).notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('open'),
    refundReason: text('refund_reason'),
    entryPrice: numeric('entry_price', { precision: 38, scale: 18 }),
    entryTs: col.at('entry_ts'),
    exitPrice: numeric('exit_price', { precision: 38, scale: 18 }),
    exitTs: col.at('exit_ts'),
    credit: bigint('credit', { mode: 'bigint' }),
    settledAt: col.at('settled_at'),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'number' }),
  },
  (t) => [unique().on(t.userId, t.requestId)],
);
