import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FeedbackCategory, FeedbackStatus, UploadImageType } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const memberId = () =>
  bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/** A member's feedback (FEEDBACK3) and, once the operator answers, the answer. */
export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: memberId(),
    category: text('category').$type<FeedbackCategory>().notNull(),
    content: text('content').notNull(),
    status: text('status').$type<FeedbackStatus>().notNull().default('pending'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The audit actor who answered (`operator:<id>`). */
    answeredBy: text('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_member').on(table.memberId, table.id),
    index('feedback_merchant_status').on(table.merchantId, table.status, table.id),
    check('feedback_status_known', sql`${table.status} in ('pending', 'answered')`),
    check(
      'feedback_answer_with_status',
      sql`(${table.status} = 'answered') = (${table.answer} is not null and ${table.answeredAt} is not null)`,
    ),
  ],
);
export type FeedbackRow = typeof feedback.$inferSelect;

/**
 * An image a member uploaded: waiting to be sent (no feedback yet) or one of a feedback's. The
 * bytes are in the file storage under `storageKey`; `publicId` is what the member's browser names.
 */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    merchantId: merchantId(),
    memberId: memberId(),
    feedbackId: integer('feedback_id').references(() => feedback.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').$type<UploadImageType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feedback_images_public_id').on(table.publicId),
    index('feedback_images_member').on(table.memberId, table.feedbackId),
    index('feedback_images_feedback').on(table.feedbackId),
    check('feedback_images_size', sql`${table.sizeBytes} between 1 and 5242880`),
    check('feedback_images_type', sql`${table.contentType} in ('image/png', 'image/jpeg')`),
  ],
);
export type FeedbackImageRow = typeof feedbackImages.$inferSelect;
