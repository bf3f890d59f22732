import { BANK_STATUSES, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@tidemark/contract/wallet';
import { bigint, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: col.userId(),
    format: text('format').notNull(),
    address: text('address').notNull().unique(),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.format] })],
);

// the states the web app and the console filter by are the contract's
export { BANK_STATUSES, WITHDRAWAL_STATUSES, type WithdrawalStatus };

/** Deposits, withdrawals and the address book each record a user's address for one currency on one chain. */
const userChainAddress = () => ({
  id: col.id(),
  userId: col.userId(),
  currency: col.currency(),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
});

export const DEPOSIT_STATUSES = ['pending', 'credited', 'confirmed', 'reversed'] as const;
export const deposits = pgTable(
  'deposits',
  {
    ...userChainAddress(),
    txHash: text('tx_hash').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    status: text('status').$type<(typeof DEPOSIT_STATUSES)[number]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    /** From the simulated chain (an operator's test credit): labelled demo in records and the journal. */
    simulated: boolean('simulated').notNull().default(true),
    /** The second operator who approved a simulated deposit above the four-eyes value. */
    approvedBy: bigint('approved_by', { mode: 'number' }),
    createdAt: col.createdAt().defaultNow(),
    creditedAt: col.at('credited_at'),
    confirmedAt: col.at('confirmed_at'),
    /** The block a chain watcher saw the transfer in; null for the simulated chain. */
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
  },
  (t) => [unique().on(t.chain, t.txHash)],
);

/** A user's deposit address on a network a real adapter serves (derived from its extended public key). */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    network: text('network').notNull(),
    userId: col.userId(),
    address: text('address').notNull(),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.userId] }), unique().on(t.network, t.address)],
);

/** The last block a network's watcher has scanned (restart-safe). */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: col.updatedAt().defaultNow(),
});

/** The hot wallet's next nonce per network and address. */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);

export const withdrawals = pgTable('withdrawals', {
  ...userChainAddress(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  btcValue: bigint('btc_value', { mode: 'bigint' }).notNull(),
  status: text('status').$type<WithdrawalStatus>().notNull(),
  reason: text('reason'),
  txHash: text('tx_hash'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  createdAt: col.createdAt().defaultNow(),
  updatedAt: col.updatedAt().defaultNow(),
});

export const bankWithdrawals = pgTable('bank_withdrawals', {
  id: col.id(),
  userId: col.userId(),
  cardholder: text('cardholder').notNull(),
  bankName: text('bank_name').notNull(),
  branchName: text('branch_name').notNull(),
  bankCode: text('bank_code').notNull(),
  cardNumber: text('card_number').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  /** Value in satoshi at application (rounded up), counted in the KYC 24-hour limit with on-chain withdrawals. */
  btcValue: bigint('btc_value', { mode: 'bigint' }).notNull().default(0n),
  status: text('status').$type<(typeof BANK_STATUSES)[number]>().notNull(),
  reason: text('reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  createdAt: col.createdAt().defaultNow(),
  updatedAt: col.updatedAt().defaultNow(),
});

export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    ...userChainAddress(),
    remark: text('remark').notNull().default(''),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.currency, t.chain, t.address)],
);

export const convertQuotes = pgTable('convert_quotes', {
  id: text('id').primaryKey(),
  userId: col.userId(),
  fromCurrency: text('from_currency').notNull(),
  toCurrency: text('to_currency').notNull(),
  fromAmount: bigint('from_amount', { mode: 'bigint' }).notNull(),
  toAmount: bigint('to_amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  indexPrice: numeric('index_price', { precision: 38, scale: 18 }).notNull(),
  rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
  demo: boolean('demo').notNull(),
  expiresAt: col.at('expires_at').notNull(),
  createdAt: col.createdAt().defaultNow(),
});

export const convertOrders = pgTable('convert_orders', {
  id: col.id(),
  userId: col.userId(),
  quoteId: text('quote_id').notNull().unique(),
  fromCurrency: text('from_currency').notNull(),
  toCurrency: text('to_currency').notNull(),
  fromAmount: bigint('from_amount', { mode: 'bigint' }).notNull(),
  toAmount: bigint('to_amount', { mode: 'bigint' }).notNull(),
  fee: bigint('fee', { mode: 'bigint' }).notNull(),
  rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  createdAt: col.createdAt().defaultNow(),
});

/** What a two-operator proposal does once approved (adjustment.service.ts). */
export const PROPOSAL_KINDS = ['adjustment', 'simulated_deposit', 'withdrawal_fail'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const adjustments = pgTable('adjustments', {
  id: col.id(),
  kind: text('kind').$type<ProposalKind>().notNull().default('adjustment'),
  /** What the approval needs to act (a simulated deposit's chain and hash, a withdrawal's id). */
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  userId: bigint('user_id', { mode: 'number' }),
  systemName: text('system_name'),
  currency: col.currency(),
  wallet: text('wallet').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  reason: text('reason').notNull(),
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
  proposedBy: bigint('proposed_by', { mode: 'number' }).notNull(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  transactionId: bigint('transaction_id', { mode: 'number' }),
  createdAt: col.createdAt().defaultNow(),
  decidedAt: col.at('decided_at'),
});

/**
 * A transaction the signer signed (kept to broadcast again if dropped, or to replace if stuck, with the same
 * nonce). `nonce` and `maxFeePerGas` are EVM's; a TRON transaction has `expiresAt` instead, a Bitcoin one the
 * outputs it spends (`chainUtxoSpends`).
 */
export const chainTransactions = pgTable('chain_transactions', {
  id: col.id(),
  network: text('network').notNull(),
  /** What it carries: `withdrawal:<id>`, `sweep:<user id>`, `topup:<user id>`. */
  reference: text('reference').notNull(),
  fromAddress: text('from_address').notNull(),
  nonce: bigint('nonce', { mode: 'bigint' }),
  txHash: text('tx_hash').notNull().unique(),
  maxFeePerGas: text('max_fee_per_gas'),
  replacedBy: text('replaced_by'),
  /** The signed transaction (public once broadcast); null on rows written before it was kept. */
  rawTx: text('raw_tx'),
  /** When the sender's mined nonce count passed this nonce: nothing left to broadcast. */
  nonceSpentAt: col.at('nonce_spent_at'),
  /** TRON: after this the transaction can never be mined. */
  expiresAt: col.at('expires_at'),
  createdAt: col.createdAt().defaultNow(),
});

/** An output one of our Bitcoin transactions spends: reserved, so no other transaction spends it too. */
export const chainUtxoSpends = pgTable(
  'chain_utxo_spends',
  {
    network: text('network').notNull(),
    /** `<txid>:<vout>` */
    outpoint: text('outpoint').notNull(),
    txHash: text('tx_hash').notNull(),
    createdAt: col.createdAt().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.outpoint] })],
);
