import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language, RegistrationField, TFieldRule, WhitelabelFlag, PromotionSwitch } from '@palaro/contract';
import type { TSiteSettings } from '@palaro/contract';

export type StoredRegistration = {
  fields: Partial<Record<RegistrationField, TFieldRule>>;
  defaultCountryDialingCode: string;
  countryDialingCodes: string[];
};

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** The merchant that unknown hosts resolve to; at most one row has it set. */
    isDefault: boolean('is_default').notNull().default(false),
    trialMerchantCode: text('trial_merchant_code').notNull(),
    whitelabel: jsonb('whitelabel').$type<Partial<Record<WhitelabelFlag, boolean>>>().notNull(),
    promotions: jsonb('promotions').$type<Partial<Record<PromotionSwitch, boolean>>>().notNull(),
    vipDisplay: boolean('vip_display').notNull().default(false),
    vipBenefits: boolean('vip_benefits').notNull().default(false),
    mobileTemplate: jsonb('mobile_template').$type<TSiteSettings['mobileTemplate']>().notNull(),
    registration: jsonb('registration').$type<StoredRegistration>().notNull(),
    downloads: jsonb('downloads').$type<TSiteSettings['resources']['downloads']>().notNull(),
    siteResources: jsonb('site_resources').$type<TSiteSettings['resources']['site']>().notNull(),
    /** Each link already encrypted with encryptCustomerServiceLink; the plain link is never stored. */
    customerService: jsonb('customer_service').$type<TSiteSettings['customerService']>().notNull(),
    imageCdns: jsonb('image_cdns').$type<string[]>().notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Manila'),
    currencyCode: text('currency_code').notNull().default('PHP'),
    currencySymbol: text('currency_symbol').notNull().default('₱'),
    languages: jsonb('languages').$type<Language[]>().notNull(),
    defaultLanguage: text('default_language').$type<Language>().notNull().default('TY'),
    /** The age a player must have reached to play here (21 in the Philippines); every screen shows this one number. */
    minimumAge: integer('minimum_age').notNull().default(21),
    theme: jsonb('theme').$type<TSiteSettings['theme']>().notNull(),
    logoUrl: text('logo_url').notNull(),
    mainDomain: text('main_domain').notNull(),
    domainRoute: text('domain_route').notNull(),
    paths: jsonb('paths').$type<TSiteSettings['paths']>().notNull(),
    maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
    maintenanceMessage: text('maintenance_message').notNull().default(''),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
    deniedCountries: jsonb('denied_countries').$type<string[]>().notNull().default([]),
    deniedIpRanges: jsonb('denied_ip_ranges').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('merchants_single_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
    check('merchants_minimum_age_adult', sql`${table.minimumAge} between 18 and 99`),
  ],
);

export const merchantDomains = pgTable('merchant_domains', {
  /** Lower-case host name without port. */
  host: text('host').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
});

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
