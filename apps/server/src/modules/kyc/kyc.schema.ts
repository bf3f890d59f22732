import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as col from '../../platform/db/columns.ts';

/** Mirrors migrations/202611211300_kyc_applications.sql (the CHECKs and unique indexes live there). */
export const kycApplications = pgTable('kyc_applications', {
  id: col.id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  level: text('level').$type<'basic' | 'advanced'>().notNull(),
  state: text('state').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
  realName: text('real_name'),
  idNumber: text('id_number'),
  country: text('country'),
  documentType: text('document_type'),
  frontPhoto: text('front_photo'),
  backPhoto: text('back_photo'),
  handPhoto: text('hand_photo'),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const kycPhotos = pgTable('kyc_photos', {
  name: text('name').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sourceFileId: text('source_file_id').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type KycApplicationRow = typeof kycApplications.$inferSelect;
