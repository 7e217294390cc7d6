import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ApplicationStatus,
  ClaimMode,
  PromotionCategory,
  PromotionPeriod,
  PromotionState,
  TContributions,
  TEligibility,
  TLocalText,
  TPromotionRule,
  TurnoverBase,
  UploadImageType,
} from '@palaro/contract';
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
const minor = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A promotion: one of the rule types with its parameters (`rule`, checked by the contract's
 * ZPromotionRule), who may take part, when, how it is claimed, its limits and the turnover its
 * grants add. `spent` and `grantCount` move with every grant by a conditional update, so the budget
 * and the total count are never passed however many claim at once.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    /** A seed's own name for it, so seeding twice adds it once. */
    code: text('code'),
    title: jsonb('title').$type<TLocalText>().notNull(),
    description: jsonb('description').$type<TLocalText>().notNull(),
    category: text('category').$type<PromotionCategory>().notNull(),
    rule: jsonb('rule').$type<TPromotionRule>().notNull(),
    claimMode: text('claim_mode').$type<ClaimMode>().notNull(),
    period: text('period').$type<PromotionPeriod>().notNull(),
    requiresJoin: boolean('requires_join').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    claimDays: integer('claim_days').notNull().default(1),
    eligibility: jsonb('eligibility').$type<TEligibility>().notNull(),
    perMemberLimit: integer('per_member_limit'),
    budget: minor('budget'),
    spent: minor('spent')
      .notNull()
      .default(sql`0`),
    grantCount: integer('grant_count').notNull().default(0),
    turnoverPercent: integer('turnover_percent').notNull().default(0),
    turnoverBase: text('turnover_base').$type<TurnoverBase>().notNull().default('bonus'),
    contributions: jsonb('contributions').$type<TContributions>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(100),
    state: text('state').$type<PromotionState>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (table) => [
    index('promotions_merchant').on(table.merchantId, table.state, table.sortOrder),
    uniqueIndex('promotions_merchant_code')
      .on(table.merchantId, table.code)
      .where(sql`${table.code} is not null`),
    check('promotions_budget_kept', sql`${table.budget} is null or ${table.spent} <= ${table.budget}`),
    check('promotions_spent_positive', sql`${table.spent} >= 0 and ${table.grantCount} >= 0`),
    check('promotions_state_known', sql`${table.state} in ('active', 'closed')`),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;

/** A member who joined a promotion that asks to be joined. */
export const promotionMembers = pgTable(
  'promotion_members',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    joinedAt: createdAt(),
  },
  (table) => [uniqueIndex('promotion_members_key').on(table.promotionId, table.memberId)],
);

/**
 * A reward paid: one per (promotion, member, period key) — the unique key and the journal's one
 * entry per reference both make a double tap or a job run twice pay once. `unit` is the period
 * key ('2026-12-07', '2026-W49', 'once', 'invitee:42').
 */
export const promotionGrants = pgTable(
  'promotion_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    unit: text('unit').notNull(),
    amount: minor('amount').notNull(),
    /** How it came: 'issued' (automatic), 'claimed' (the button), 'approved' (an application). */
    via: text('via').notNull(),
    /** The journal entry's reference (kind 'bonus') and the turnover requirement's. */
    reference: text('reference').notNull(),
    /** The check-in streak this grant is the day of. */
    streak: integer('streak').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promotion_grants_unit').on(table.promotionId, table.memberId, table.unit),
    index('promotion_grants_member').on(table.memberId, table.id),
    check('promotion_grants_amount_positive', sql`${table.amount} > 0`),
  ],
);
export type PromotionGrantRow = typeof promotionGrants.$inferSelect;

/** A member's application (spec §3 activity application), decided by the operator. */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    memberId: memberId(),
    unit: text('unit').notNull(),
    comment: text('comment').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('applying'),
    reason: text('reason'),
    amount: minor('amount'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One open or approved application per member and period; a rejected one may be followed by another.
    uniqueIndex('promotion_applications_open')
      .on(table.promotionId, table.memberId, table.unit)
      .where(sql`${table.status} <> 'rejected'`),
    index('promotion_applications_merchant').on(table.merchantId, table.status, table.id),
    check('promotion_applications_status_known', sql`${table.status} in ('applying', 'approved', 'rejected')`),
    check('promotion_applications_comment', sql`char_length(${table.comment}) <= 140`),
  ],
);
export type PromotionApplicationRow = typeof promotionApplications.$inferSelect;

/** An image uploaded for an application: waiting (no application yet) or attached to one. */
export const promotionImages = pgTable(
  'promotion_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull(),
    merchantId: merchantId(),
    memberId: memberId(),
    applicationId: integer('application_id').references(() => promotionApplications.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').$type<UploadImageType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promotion_images_public_id').on(table.publicId),
    index('promotion_images_member').on(table.memberId, table.applicationId),
    check('promotion_images_size', sql`${table.sizeBytes} between 1 and 5242880`),
    check('promotion_images_type', sql`${table.contentType} in ('image/png', 'image/jpeg')`),
  ],
);
