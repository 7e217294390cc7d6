import { z } from 'zod';
import { CONTENT_TYPES, CONTENT_PLATFORMS } from '../../shared/constants';
import { ZLanguage } from './site';

const ZTypesParam = z
  .string()
  .max(64)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(CONTENT_TYPES)).min(1));

export const ZAnnouncementQuery = z.object({
  types: ZTypesParam,
  platform: z.enum(CONTENT_PLATFORMS).default('M'),
  groupName: z.string().max(32).optional(),
  language: ZLanguage.optional(),
});
export type TAnnouncementQuery = z.infer<typeof ZAnnouncementQuery>;

export const ZBanner = z.object({
  id: z.string(),
  title: z.string(),
  /** Image URL. */
  url: z.string(),
  /** Where a tap goes (an app path or an external link); null when the banner is only a picture. */
  link: z.string().nullable(),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZAnnouncementItem = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  publishedAt: z.string(),
});
export type TAnnouncementItem = z.infer<typeof ZAnnouncementItem>;

export const ZAnnouncements = z.object({
  banners: z.array(ZBanner),
  player: z.array(ZAnnouncementItem),
  popup: z.array(ZAnnouncementItem),
  hot: z.array(ZAnnouncementItem),
  promotion: z.array(ZAnnouncementItem),
  agent: z.array(ZAnnouncementItem),
  contentLobby: z.array(ZAnnouncementItem),
  footer: z.object({ unreadCount: z.number().int().nonnegative() }),
});
export type TAnnouncements = z.infer<typeof ZAnnouncements>;

/** Player notices (type PL) page by page, newest first, for the /m/notice screen. */
export const ZNoticeQuery = z.object({
  language: ZLanguage.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type TNoticeQuery = z.infer<typeof ZNoticeQuery>;

export const ZNoticePage = z.object({
  list: z.array(ZAnnouncementItem),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalPages: z.number().int().nonnegative(),
  totalCount: z.number().int().nonnegative(),
});
export type TNoticePage = z.infer<typeof ZNoticePage>;
