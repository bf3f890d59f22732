import { bigint, boolean, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611262100_reserves_snapshots.sql. */
export const reserveSnapshots = pgTable('reserve_snapshots', {
  id: col.id(),
  takenAt: col.at('taken_at').notNull(),
  source: text('source').$type<SnapshotSource>().notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
});
export type SnapshotSource = 'console' | 'cli' | 'schedule';

export const reserveCurrencies = pgTable(
  'reserve_currencies',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    currency: col.currency(),
    rootHash: text('root_hash').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    inFlight: bigint('in_flight', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency] })],
);

export const reserveHoldings = pgTable(
  'reserve_holdings',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    currency: col.currency(),
    source: text('source').$type<'chain' | 'simulated'>().notNull(),
    network: text('network').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    demo: boolean('demo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency, t.network] })],
);

export const reserveNodes = pgTable(
  'reserve_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    currency: col.currency(),
    level: smallint('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    sum: bigint('sum', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency, t.level, t.idx] })],
);

export const reserveLeaves = pgTable(
  'reserve_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' }).notNull(),
    currency: col.currency(),
    userId: col.userId(),
    idx: integer('idx').notNull(),
    nonce: text('nonce').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.currency, t.userId] })],
);
