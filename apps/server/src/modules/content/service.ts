import { LANGUAGES, type ContentType, type Language, type TAnnouncementItem, type TAnnouncements, type TAnnouncementQuery, type TNoticePage, type TNoticeQuery } from '@palaro/contract';
import type { Queryable } from '../../platform/db/database';
import type { MerchantRow } from '../site/schema';
import type { AnnouncementRow, LocalisedText } from './schema';
import * as store from './store';

/** The reader's language, then English, then Tagalog: the two languages every text is written in. */
export function pickText(text: LocalisedText, language: Language): string {
  for (const candidate of [language, 'EN', 'TY'] as const) {
    const value = text[candidate];
    if (value) return value;
  }
  return LANGUAGES.map((code) => text[code]).find(Boolean) ?? '';
}

function toItem(row: AnnouncementRow, language: Language): TAnnouncementItem {
  return {
    id: String(row.id),
    title: pickText(row.title, language),
    content: pickText(row.content, language),
    imageUrl: row.imageUrl ? pickText(row.imageUrl, language) || null : null,
    link: row.link,
    publishedAt: row.publishedAt.toISOString(),
  };
}

const SECTION_BY_TYPE = {
  PL: 'player',
  PU: 'popup',
  H: 'hot',
  PR: 'promotion',
  A: 'agent',
} as const satisfies Record<Exclude<ContentType, 'B'>, keyof TAnnouncements>;

export async function listAnnouncements(
  q: Queryable,
  merchant: MerchantRow,
  query: TAnnouncementQuery,
  now: Date = new Date(),
): Promise<TAnnouncements> {
  const language = query.language ?? merchant.defaultLanguage;
  const rows = await store.listAnnouncements(q, {
    merchantId: merchant.id,
    types: query.types,
    platform: query.platform,
    groupName: query.groupName?.trim() || null,
    publishedBy: now,
  });
  const result: TAnnouncements = {
    banners: [],
    player: [],
    popup: [],
    hot: [],
    promotion: [],
    agent: [],
    // The content lobby has no source yet: no content type feeds it, so it is always empty.
    contentLobby: [],
    // Guests have nothing read or unread; members' counts come with the inbox.
    footer: { unreadCount: 0 },
  };
  for (const row of rows) {
    if (row.type === 'B') {
      const url = row.imageUrl ? pickText(row.imageUrl, language) : '';
      if (!url) continue;
      result.banners.push({ id: String(row.id), title: pickText(row.title, language), url, link: row.link });
    } else {
      result[SECTION_BY_TYPE[row.type]].push(toItem(row, language));
    }
  }
  return result;
}

export async function listNotices(
  q: Queryable,
  merchant: MerchantRow,
  query: TNoticeQuery,
  now: Date = new Date(),
): Promise<TNoticePage> {
  const language = query.language ?? merchant.defaultLanguage;
  const { rows, totalCount } = await store.pageAnnouncements(
    q,
    { merchantId: merchant.id, types: ['PL'], platform: 'M', groupName: null, publishedBy: now },
    { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    list: rows.map((row) => toItem(row, language)),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}
