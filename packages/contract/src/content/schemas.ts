import { z } from 'zod';
import { CONTENT_PLATFORMS, CONTENT_TYPES, LANGUAGES } from '../shared/constants';
import { ZDownloadLink, ZLanguage } from '../system/schemas/site';
import { ZMerchantParams } from '../operator/schemas/operator';

/** Spec §7: help center GET (COMM3, device MOBILE, lang). */
export const ZHelpQuery = z.object({
  module: z.literal('COMM3').default('COMM3'),
  device: z.enum(['MOBILE', 'WEB']).default('MOBILE'),
  lang: ZLanguage.optional(),
});
export type THelpQuery = z.infer<typeof ZHelpQuery>;

/** Spec §3 help item: title, content (rich text already sanitised by the server). */
export const ZHelpItem = z.object({ id: z.string(), title: z.string(), content: z.string() });
export type THelpItem = z.infer<typeof ZHelpItem>;

export const ZHelpCategory = z.object({ id: z.string(), title: z.string(), items: z.array(ZHelpItem) });
export type THelpCategory = z.infer<typeof ZHelpCategory>;

export const ZHelpCentre = z.object({ categories: z.array(ZHelpCategory) });
export type THelpCentre = z.infer<typeof ZHelpCentre>;

export const ZAgreementQuery = z.object({ language: ZLanguage.optional() });
export type TAgreementQuery = z.infer<typeof ZAgreementQuery>;

/** The merchant's terms now in force; null when it has published none. */
export const ZUserAgreement = z
  .object({ version: z.number().int().min(1), title: z.string(), content: z.string(), publishedAt: z.string() })
  .nullable();
export type TUserAgreement = z.infer<typeof ZUserAgreement>;

/** Spec §7 service version: value.version.pathList, value.resources. */
export const ZServiceVersion = z.object({
  version: z.object({
    /** The server's build, so an installed app can tell it runs against a newer one. */
    code: z.string(),
    /** The merchant’s addresses the app may reach the service on (its main domain). */
    pathList: z.array(z.string()),
  }),
  resources: z.array(ZDownloadLink),
});
export type TServiceVersion = z.infer<typeof ZServiceVersion>;

/** A text per language: at least one language written, none longer than `max`. */
const localised = (max: number) =>
  z
    .partialRecord(z.enum(LANGUAGES), z.string().trim().min(1).max(max))
    .refine((texts) => Object.keys(texts).length > 0, 'Write it in at least one language');

const ZInstant = z.iso.datetime({ offset: true });

export const ZOperatorAnnouncementParams = ZMerchantParams.extend({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const ZOperatorAnnouncementCreate = z
  .object({
    type: z.enum(CONTENT_TYPES),
    platform: z.enum(CONTENT_PLATFORMS).default('M'),
    groupName: z.string().trim().min(1).max(32).nullable().default(null),
    title: localised(120),
    content: localised(2000),
    imageUrl: localised(500).nullable().default(null),
    link: z.string().trim().min(1).max(500).nullable().default(null),
    sortOrder: z.number().int().min(0).max(1_000_000).default(0),
    publishedAt: ZInstant.optional(),
    expiresAt: ZInstant.nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((value) => value.type !== 'B' || value.imageUrl !== null, {
    path: ['imageUrl'],
    message: 'A banner needs its picture',
  })
  .refine(
    (value) => !value.expiresAt || !value.publishedAt || Date.parse(value.expiresAt) > Date.parse(value.publishedAt),
    {
      path: ['expiresAt'],
      message: 'It must expire after it is published',
    },
  );
export type TOperatorAnnouncementCreate = z.input<typeof ZOperatorAnnouncementCreate>;

export const ZOperatorAnnouncementUpdate = z
  .object({
    groupName: z.string().trim().min(1).max(32).nullable(),
    title: localised(120),
    content: localised(2000),
    imageUrl: localised(500).nullable(),
    link: z.string().trim().min(1).max(500).nullable(),
    sortOrder: z.number().int().min(0).max(1_000_000),
    publishedAt: ZInstant,
    expiresAt: ZInstant.nullable(),
    active: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field');
export type TOperatorAnnouncementUpdate = z.infer<typeof ZOperatorAnnouncementUpdate>;

export const ZOperatorAnnouncement = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  platform: z.enum(CONTENT_PLATFORMS),
  groupName: z.string().nullable(),
  title: z.partialRecord(z.enum(LANGUAGES), z.string()),
  content: z.partialRecord(z.enum(LANGUAGES), z.string()),
  imageUrl: z.partialRecord(z.enum(LANGUAGES), z.string()).nullable(),
  link: z.string().nullable(),
  sortOrder: z.number().int(),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
});
export type TOperatorAnnouncement = z.infer<typeof ZOperatorAnnouncement>;

export const ZOperatorAnnouncements = z.object({ list: z.array(ZOperatorAnnouncement) });
export type TOperatorAnnouncements = z.infer<typeof ZOperatorAnnouncements>;

export const ZOperatorHelpArticleParams = ZMerchantParams.extend({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** A help article: its category by key (made when new), its title and rich-text body per language. */
export const ZOperatorHelpArticleCreate = z.object({
  categoryKey: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/),
  categoryTitle: localised(60).optional(),
  title: localised(160),
  content: localised(20_000),
  sortOrder: z.number().int().min(0).max(1_000_000).default(0),
});
export type TOperatorHelpArticleCreate = z.input<typeof ZOperatorHelpArticleCreate>;

export const ZOperatorHelpArticleUpdate = z
  .object({
    title: localised(160),
    content: localised(20_000),
    sortOrder: z.number().int().min(0).max(1_000_000),
    active: z.boolean(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field');
export type TOperatorHelpArticleUpdate = z.infer<typeof ZOperatorHelpArticleUpdate>;

export const ZOperatorHelpArticle = z.object({
  id: z.number().int(),
  categoryKey: z.string(),
  title: z.partialRecord(z.enum(LANGUAGES), z.string()),
  content: z.partialRecord(z.enum(LANGUAGES), z.string()),
  sortOrder: z.number().int(),
  active: z.boolean(),
});
export type TOperatorHelpArticle = z.infer<typeof ZOperatorHelpArticle>;

export const ZOperatorHelpArticles = z.object({ list: z.array(ZOperatorHelpArticle) });
export type TOperatorHelpArticles = z.infer<typeof ZOperatorHelpArticles>;

/** A new version of the terms: the next number, in force from `publishedAt` (now when absent). */
export const ZOperatorAgreementCreate = z.object({
  title: localised(120),
  content: localised(100_000),
  publishedAt: ZInstant.optional(),
});
export type TOperatorAgreementCreate = z.input<typeof ZOperatorAgreementCreate>;

export const ZOperatorAgreement = z.object({
  version: z.number().int(),
  title: z.partialRecord(z.enum(LANGUAGES), z.string()),
  publishedAt: z.string(),
});
export type TOperatorAgreement = z.infer<typeof ZOperatorAgreement>;

export const ZOperatorAgreements = z.object({ list: z.array(ZOperatorAgreement) });
export type TOperatorAgreements = z.infer<typeof ZOperatorAgreements>;
