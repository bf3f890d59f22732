import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/202611211301_referral_rewards.sql. */
export const referralFeePostings = pgTable('referral_fee_postings', {
  postingId: bigint('posting_id', { mode: 'number' }).primaryKey(),
  payerUserId: bigint('payer_user_id', { mode: 'number' }),
  outcome: text('outcome').$type<FeePostingOutcome>().notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull(),
});
/** The job's cursor: every fee posting with an id up to `below` has been examined (one row). */
export const referralFeeCursor = pgTable('referral_fee_cursor', {
  id: smallint('id').primaryKey(),
  below: bigint('below', { mode: 'number' }).notNull(),
});
export type FeePostingOutcome = 'rewarded' | 'no_inviter' | 'not_trading' | 'no_payer' | 'zero';

export const referralRewards = pgTable('referral_rewards', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  feePostingId: bigint('fee_posting_id', { mode: 'number' }).notNull(),
  level: smallint('level').notNull(),
  inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
  inviteeId: bigint('invitee_id', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull(),
  rateBps: integer('rate_bps').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const creditScoreChanges = pgTable('credit_score_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  fromScore: integer('from_score').notNull(),
  toScore: integer('to_score').notNull(),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
