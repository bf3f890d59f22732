import { boolean, jsonb, numeric, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

export const indexTicks = pgTable(
  'index_ticks',
  {
    id: col.id(),
    instrument: text('instrument').notNull(),
    ts: col.at('ts').notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    sources: jsonb('sources').$type<Record<string, string>>().notNull(),
    demo: boolean('demo').notNull(),
  },
  (t) => [unique().on(t.instrument, t.ts)],
);

/** Mirrors migrations/202611241701_market_demo_seed.sql (PostgreSQL deployments only; see demo-seed.ts). */
export const marketDemoSeed = pgTable('market_demo_seed', {
  id: smallint('id').primaryKey(),
  seed: text('seed').notNull(),
  createdAt: col.createdAt(),
});
