import { bigint, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/202611262230_rules_coupons.sql. */
export const coupons = pgTable('coupons', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  valueTenths: smallint('value_tenths').notNull(),
  products: text('products').array().$type<CouponProduct[]>().notNull(),
  symbols: text('symbols').array().notNull().default([]),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  source: text('source').$type<'operator' | 'invite'>().notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  reason: text('reason').notNull(),
  rewardKey: text('reward_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type CouponRow = typeof coupons.$inferSelect;
export type CouponProduct = 'spot' | 'futures';
