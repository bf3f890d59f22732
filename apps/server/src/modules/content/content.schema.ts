import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611211200_content_tables.sql. */
export const CONTENT_TYPES = ['notice', 'document', 'faq'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const contentCategories = pgTable('content_categories', {
  id: col.id(),
  type: text('type').notNull(),
  code: text('code').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: col.createdAt().defaultNow(),
});

export const contentCategoryNames = pgTable(
  'content_category_names',
  {
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] })],
);

export const contentItems = pgTable('content_items', {
  id: col.id(),
  type: text('type').notNull(),
  code: text('code'),
  categoryId: bigint('category_id', { mode: 'number' }),
  pinned: boolean('pinned').notNull().default(false),
  published: boolean('published').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  publishedAt: col.at('published_at').notNull(),
  createdAt: col.createdAt(),
  updatedAt: col.updatedAt(),
});

export const contentTexts = pgTable(
  'content_texts',
  {
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    plain: text('plain').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.locale] })],
);

export const contentReads = pgTable(
  'content_reads',
  {
    userId: col.userId(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    readAt: col.at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

export const banners = pgTable('banners', {
  id: col.id(),
  position: text('position').notNull().default('home'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  startsAt: col.at('starts_at').notNull(),
  endsAt: col.at('ends_at'),
  createdAt: col.createdAt(),
  updatedAt: col.updatedAt(),
});

export const bannerTexts = pgTable(
  'banner_texts',
  {
    bannerId: bigint('banner_id', { mode: 'number' }).notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.locale] })],
);
