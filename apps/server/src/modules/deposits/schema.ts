import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChannelMethod, DepositStatus } from '@palaro/contract';
import { members } from '../accounts/schema';
import { merchants } from '../site/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** A way to deposit, configured per merchant. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    method: text('method').$type<ChannelMethod>().notNull(),
    kind: text('kind').$type<'online' | 'bank_transfer'>().notNull(),
    /** The gateway adapter of an online channel ('sandbox'); null for bank transfer. */
    gateway: text('gateway'),
    name: text('name').notNull(),
    minAmount: minor('min_amount').notNull(),
    maxAmount: minor('max_amount').notNull(),
    feeBasisPoints: integer('fee_basis_points').notNull().default(0),
    feeFixed: minor('fee_fixed')
      .notNull()
      .default(sql`0`),
    presetAmounts: jsonb('preset_amounts').$type<number[]>().notNull().default([]),
    instructions: jsonb('instructions').$type<Record<string, string>>().notNull().default({}),
    displayOrder: integer('display_order').notNull().default(0),
    /** Members below this VIP level do not see the channel. */
    minVipLevel: integer('min_vip_level').notNull().default(0),
    /** HMAC-SHA256 key the gateway signs its callbacks with (online channels). */
    callbackSecret: text('callback_secret'),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Identifies a channel the demo seed wrote, so seeding again recognises it whatever the operator
     * renamed or changed; null for channels the seed did not write.
     */
    seedKey: text('seed_key'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('payment_channels_seed_key').on(table.merchantId, table.seedKey)],
);
export type PaymentChannelRow = typeof paymentChannels.$inferSelect;

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => paymentChannels.id, { onDelete: 'restrict' }),
    /** 'D' + random upper-case letters and digits; what the member, the gateway and the operator quote. */
    orderNo: text('order_no').notNull().unique(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull(),
    status: text('status').$type<DepositStatus>().notNull().default('pending'),
    senderName: text('sender_name'),
    senderReference: text('sender_reference'),
    receiptImage: text('receipt_image'),
    gatewayReference: text('gateway_reference'),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('deposit_orders_member').on(table.memberId, table.createdAt),
    // A period's paid deposits (the VIP club's deposit figures).
    index('deposit_orders_paid')
      .on(table.merchantId, table.decidedAt)
      .where(sql`${table.status} = 'paid'`),
    index('deposit_orders_pending')
      .on(table.merchantId, table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
export type DepositOrderRow = typeof depositOrders.$inferSelect;

/** Every gateway notification accepted, by its event id: a replayed one is refused. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => paymentChannels.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    orderNo: text('order_no').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('gateway_events_channel_event').on(table.channelId, table.eventId)],
);
