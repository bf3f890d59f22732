import { bigint, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611262230_rules_coupons.sql. */
export const coupons = pgTable('coupons', {
  id: col.id(),
  userId: col.userId(),
  valueTenths: smallint('value_tenths').notNull(),
  products: text('products').array().$type<CouponProduct[]>().notNull(),
  symbols: text('symbols').array().notNull().default([]),
  expiresAt: col.at('expires_at').notNull(),
  source: text('source').$type<'operator' | 'invite'>().notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  reason: text('reason').notNull(),
  rewardKey: text('reward_key'),
  createdAt: col.createdAt(),
});
export type CouponRow = typeof coupons.$inferSelect;
export type CouponProduct = 'spot' | 'futures';
