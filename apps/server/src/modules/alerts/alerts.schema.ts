import type { AlertKind } from '@tidemark/contract/alerts';
import { asciiText, idField, intBetween } from '@tidemark/contract';
import { symbolField } from '@tidemark/contract/spot';
import { z } from 'zod';
import { bigint, boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611262230_alerts_price_alerts.sql. */
export const priceAlerts = pgTable('price_alerts', {
  id: col.id(),
  userId: col.userId(),
  symbol: text('symbol').notNull(),
  kind: text('kind').$type<AlertKind>().notNull(),
  targetPrice: numeric('target_price', { precision: 38, scale: 18 }),
  movePercent: numeric('move_percent', { precision: 7, scale: 2 }),
  windowSeconds: integer('window_seconds'),
  locale: text('locale').notNull(),
  notifyEmail: boolean('notify_email').notNull(),
  notifyPush: boolean('notify_push').notNull(),
  status: text('status').$type<'active' | 'fired'>().notNull(),
  createdAt: col.createdAt(),
  checkedUntil: col.at('checked_until').notNull(),
  firedAt: col.at('fired_at'),
  firedPrice: numeric('fired_price', { precision: 38, scale: 18 }),
  firedDirection: text('fired_direction').$type<'up' | 'down'>(),
  emailState: text('email_state').$type<DeliveryState>().notNull(),
  pushState: text('push_state').$type<DeliveryState>().notNull(),
});
export type { AlertKind } from '@tidemark/contract/alerts';
export type DeliveryState = 'off' | 'pending' | 'sent' | 'failed';
export type PriceAlertRow = typeof priceAlerts.$inferSelect;

export const userNotifications = pgTable('user_notifications', {
  id: col.id(),
  userId: col.userId(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  refId: bigint('ref_id', { mode: 'number' }),
  createdAt: col.createdAt(),
  readAt: col.at('read_at'),
});

export const pushSubscriptions = pgTable('push_subscriptions', {
  endpoint: text('endpoint').primaryKey(),
  userId: col.userId(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: col.createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Request bodies (decision 0011: every string under the shared text rule, every number bounded)
// ---------------------------------------------------------------------------------------------

/** An index price: a positive decimal with at most 8 decimals (PRICE_SCALE), never rounded. */
const priceField = asciiText({ message: 'alerts.badPrice', max: 40 })
  .regex(/^\d{1,20}(\.\d{1,8})?$/, 'alerts.badPrice')
  .refine((v) => /[1-9]/.test(v), 'alerts.badPrice');

/** A percentage above 0 and at most 100, two decimals at most. */
const percentField = asciiText({ message: 'alerts.badPercent', max: 10 })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'alerts.badPercent')
  .refine((v) => /[1-9]/.test(v) && Number(v) <= 100, 'alerts.badPercent');

export const createAlertBody = z
  .object({
    symbol: symbolField,
    kind: z.enum(['above', 'below', 'move'], 'alerts.badKind'),
    price: priceField.optional(),
    percent: percentField.optional(),
    window: z.enum(['5m', '1h', '24h'], 'alerts.badWindow').optional(),
    email: z.boolean().default(false),
    push: z.boolean().default(false),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.kind !== 'move' && b.price === undefined)
      ctx.addIssue({ code: 'custom', message: 'alerts.priceRequired', path: ['price'] });
    if (b.kind === 'move' && b.percent === undefined)
      ctx.addIssue({ code: 'custom', message: 'alerts.percentRequired', path: ['percent'] });
    if (b.kind === 'move' && b.window === undefined)
      ctx.addIssue({ code: 'custom', message: 'alerts.windowRequired', path: ['window'] });
  });

export const alertIdBody = z.object({ id: idField }).strict();

const base64url = (max: number) =>
  asciiText({ message: 'alerts.badSubscription', max }).regex(/^[A-Za-z0-9_-]+=*$/, 'alerts.badSubscription');

/** PushSubscription.toJSON() of the browser: the push service's URL and the keys the payload is encrypted to. */
export const pushSubscribeBody = z
  .object({
    endpoint: asciiText({ message: 'alerts.badSubscription', max: 1000 }).regex(
      /^https?:\/\/[^\s]+$/,
      'alerts.badSubscription',
    ),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }).strict(),
  })
  .strict();

export const pushEndpointBody = z
  .object({
    endpoint: asciiText({ message: 'alerts.badSubscription', max: 1000 }),
  })
  .strict();

export const notificationListBody = z
  .object({ page: intBetween(1, 1000).default(1), size: intBetween(1, 50).default(20) })
  .strict()
  .default({ page: 1, size: 20 });

export const notificationReadBody = z.object({ id: idField.optional() }).strict().default({});
