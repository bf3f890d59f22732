import { bigint, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611211301_referral_rewards.sql. */
export const referralFeePostings = pgTable('referral_fee_postings', {
  postingId: bigint('posting_id', { mode: 'number' }).primaryKey(),
  payerUserId: bigint('payer_user_id', { mode: 'number' }),
  outcome: text('outcome').$type<FeePostingOutcome>().notNull(),
  processedAt: col.at('processed_at').notNull(),
});
/** The job's cursor: every fee posting with an id up to `below` has been examined (one row). */
export const referralFeeCursor = pgTable('referral_fee_cursor', {
  id: smallint('id').primaryKey(),
  below: bigint('below', { mode: 'number' }).notNull(),
});
export type FeePostingOutcome = 'rewarded' | 'no_inviter' | 'not_trading' | 'no_payer' | 'zero';

export const referralRewards = pgTable('referral_rewards', {
  id: col.id(),
  feePostingId: bigint('fee_posting_id', { mode: 'number' }).notNull(),
  level: smallint('level').notNull(),
  inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
  inviteeId: bigint('invitee_id', { mode: 'number' }).notNull(),
  currency: col.currency(),
  feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull(),
  rateBps: integer('rate_bps').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
  createdAt: col.createdAt(),
});

export const creditScoreChanges = pgTable('credit_score_changes', {
  id: col.id(),
  userId: col.userId(),
  fromScore: integer('from_score').notNull(),
  toScore: integer('to_score').notNull(),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  createdAt: col.createdAt(),
});
