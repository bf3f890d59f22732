import { bigint, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Wallets a user account lives in; system accounts use 'system'. */
export const USER_WALLETS = ['spot', 'futures', 'earn'] as const;
export type UserWallet = (typeof USER_WALLETS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: col.id(),
    owner: text('owner').notNull(),
    ownerKind: text('owner_kind').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    systemName: text('system_name'),
    currency: col.currency(),
    wallet: text('wallet').notNull(),
    available: bigint('available', { mode: 'bigint' }).notNull().default(0n),
    frozen: bigint('frozen', { mode: 'bigint' }).notNull().default(0n),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [unique().on(t.owner, t.currency, t.wallet)],
);

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: col.id(),
  kind: text('kind').notNull(),
  reference: text('reference'),
  memo: text('memo'),
  createdAt: col.createdAt().defaultNow(),
});

export const ledgerPostings = pgTable('ledger_postings', {
  id: col.id(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  currency: col.currency(),
  availableDelta: bigint('available_delta', { mode: 'bigint' }).notNull(),
  frozenDelta: bigint('frozen_delta', { mode: 'bigint' }).notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: col.userId(),
    requestId: text('request_id').notNull(),
    command: text('command').notNull(),
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result'),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);
