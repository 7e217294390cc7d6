import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { merchants } from '../site/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const memberRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' });

/** Optional registration fields kept as typed, for the operator to see; none drives a rule. */
export type MemberProfile = Partial<
  Record<'idNumber' | 'qqNum' | 'facebook' | 'wechat' | 'line' | 'whatsapp' | 'zalo', string>
>;

export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    /** Lower-case; unique per merchant. */
    username: text('username').notNull(),
    /** Dialing code and number, e.g. +639171234567; unique per merchant when set. */
    mobile: text('mobile'),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    /** Lower-case. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** argon2id; null for accounts that cannot sign in with a password (trial, social only). */
    passwordHash: text('password_hash'),
    paymentPasswordHash: text('payment_password_hash'),
    /** 0 member, 1 agent, 2 agent only, 4 trial, 40 restricted, 41/42 sub-agents. */
    type: integer('type').notNull().default(0),
    nickname: text('nickname'),
    payeeName: text('payee_name'),
    profile: jsonb('profile').$type<MemberProfile>().notNull().default({}),
    affiliateCode: text('affiliate_code'),
    uplineMemberId: bigint('upline_member_id', { mode: 'number' }).references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    /**
     * The member's own code for inviting friends (upper-case), made when first asked for; unique per
     * merchant. Not an agent's invitation code (affiliates): see docs/decisions/referrals.md.
     */
    referralCode: text('referral_code'),
    /** The member whose referral link this one registered through; not the agent upline. */
    referrerMemberId: bigint('referrer_member_id', { mode: 'number' }).references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    vipLevel: integer('vip_level').notNull().default(0),
    registerMethod: text('register_method').notNull(),
    registerUrl: text('register_url'),
    domain: text('domain'),
    registerIp: text('register_ip'),
    /** Set for accounts whose first password someone else chose; the first change needs no old one. */
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    /** The version of the merchant's user agreement accepted at registration; null when none was in force. */
    agreedTermsVersion: integer('agreed_terms_version'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('members_merchant_username').on(table.merchantId, table.username),
    uniqueIndex('members_merchant_mobile')
      .on(table.merchantId, table.mobile)
      .where(sql`${table.mobile} is not null`),
    index('members_merchant_email').on(table.merchantId, table.email),
    uniqueIndex('members_merchant_referral_code')
      .on(table.merchantId, table.referralCode)
      .where(sql`${table.referralCode} is not null`),
    index('members_referrer_joined')
      .on(table.referrerMemberId, table.createdAt, table.id)
      .where(sql`${table.referrerMemberId} is not null`),
  ],
);

/** Invitation codes: a code names the upline a new member registers under. */
export const affiliates = pgTable(
  'affiliates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    /** Upper-case. */
    code: text('code').notNull(),
    memberId: memberRef('member_id').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('affiliates_merchant_code').on(table.merchantId, table.code)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Hex SHA-256 of the 256-bit token; the token itself is only in the member's cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    merchantId: merchantId(),
    memberId: memberRef('member_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
  },
  (table) => [index('sessions_member').on(table.memberId)],
);

/** Remember-me: a revocable device token that can open a new session; never a password. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    merchantId: merchantId(),
    memberId: memberRef('member_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    device: text('device').notNull(),
  },
  (table) => [index('device_tokens_member').on(table.memberId)],
);

/**
 * Devices a member has signed in on (the palaro_known_device cookie, one random value per browser
 * shared by every member who signs in there). Not a credential: it only lets that device's
 * sign-ins to that member be throttled by their own failures instead of everyone's.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: memberRef('member_id').notNull(),
    /** Hex SHA-256 of the cookie's value. */
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('known_devices_member_device').on(table.memberId, table.deviceHash)],
);

export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    usernameTried: text('username_tried').notNull(),
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    ip: text('ip').notNull(),
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_events_member_time').on(table.memberId, table.createdAt)],
);

/**
 * Captchas keep the code itself: a hash of a 6-digit code would protect nothing (a million
 * candidates), and the code is single use and lives 5 minutes anyway.
 */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  merchantId: merchantId(),
  code: text('code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    purpose: text('purpose').notNull(),
    /** E.164 number or lower-case e-mail the code was asked for. */
    destination: text('destination').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_lookup').on(table.merchantId, table.purpose, table.destination)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  merchantId: merchantId(),
  memberId: memberRef('member_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Third-party sign-in identities (ID-token issuer and subject) linked to a member. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    memberId: memberRef('member_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('social_identities_subject').on(table.merchantId, table.issuer, table.subject)],
);

/** Messages the outbox providers "sent": what a local user reads codes from, per merchant. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantId(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_messages_merchant').on(table.merchantId, table.id)],
);

/** RSA keys for encrypted request bodies; a retired key still decrypts for a grace period. */
export const encryptionKeys = pgTable('encryption_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type OutboxRow = typeof outboxMessages.$inferSelect;
