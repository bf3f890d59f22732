import { bigint, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Wallets a user account lives in; system accounts use 'system'. */
export const USER_WALLETS = ['spot', 'futures', 'earn'] as const;
export type UserWallet = (typeof USER_WALLETS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    owner: text('owner').notNull(),
    ownerKind: text('owner_kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    systemName: text('system_name'),
    currency: text('currency').notNull(),
    wallet: text('wallet').notNull(),
    available: bigint('available', { mode: 'bigint' }).notNull().default(0n),
    frozen: bigint('frozen', { mode: 'bigint' }).notNull().default(0n),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.owner, t.currency, t.wallet)],
);

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  reference: text('reference'),
  memo: text('memo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerPostings = pgTable('ledger_postings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  availableDelta: bigint('available_delta', { mode: 'bigint' }).notNull(),
  frozenDelta: bigint('frozen_delta', { mode: 'bigint' }).notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    requestId: text('request_id').notNull(),
    command: text('command').notNull(),
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);
