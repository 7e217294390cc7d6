import type { FastifyBaseLogger } from 'fastify';
import {
  LANGUAGES,
  type ContentPlatform,
  type ContentType,
  type Language,
  type TAnnouncementItem,
  type TAnnouncements,
  type TAnnouncementQuery,
  type TNoticePage,
  type TNoticeQuery,
  type TOperatorAnnouncement,
  type TOperatorAnnouncements,
  type TOperatorAnnouncementUpdate,
} from '@palaro/contract';
import type { ZodType, z } from 'zod';
import { ZAnnouncements, ZNoticePage, type ZOperatorAnnouncementCreate } from '@palaro/contract/schemas';
import type { Database, Db, Queryable } from '../../platform/db/database';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { NotFoundError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import { CachedBody } from '../../platform/http/cached-body';
import type { MerchantRow } from '../site/schema';
import type { AnnouncementRow, LocalisedText } from './schema';
import { announcementCacheOf, startContentCaches, type MerchantAnnouncements } from './cache';
import { invalidField } from './invalid';
import { isShowingAt } from './rules';
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

/** Hard cap per section: a screen never shows more, and a bad row count cannot flood a response. */
const MAX_LISTED = 200;

/** A merchant's active rows: from memory when the app keeps the cache on this handle, else read now. */
async function activeRows(q: Queryable, merchantId: number): Promise<readonly AnnouncementRow[]> {
  const cache = announcementCacheOf(q);
  return cache ? (await cache.of({ id: merchantId })).rows : store.listActiveAnnouncements(q, merchantId);
}

interface Visibility {
  types: readonly ContentType[];
  platform: ContentPlatform;
  /** null selects the rows without a group (the player home); a name selects that screen's rows. */
  groupName: string | null;
  now: Date;
}

function visible(rows: readonly AnnouncementRow[], { types, platform, groupName, now }: Visibility): AnnouncementRow[] {
  return rows.filter(
    (row) =>
      types.includes(row.type) && row.platform === platform && row.groupName === groupName && isShowingAt(row, now),
  );
}

function announcementsFrom(
  rows: readonly AnnouncementRow[],
  merchant: MerchantRow,
  query: TAnnouncementQuery,
  now: Date,
): TAnnouncements {
  const language = query.language ?? merchant.defaultLanguage;
  const listed = visible(rows, {
    types: query.types,
    platform: query.platform,
    groupName: query.groupName?.trim() || null,
    now,
  }).slice(0, MAX_LISTED);
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
  for (const row of listed) {
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

export async function listAnnouncements(
  q: Queryable,
  merchant: MerchantRow,
  query: TAnnouncementQuery,
  now: Date,
): Promise<TAnnouncements> {
  return announcementsFrom(await activeRows(q, merchant.id), merchant, query, now);
}

/**
 * An answer made from a merchant's rows as the `{success,value}` body to send: serialized (and
 * checked against the contract by `schema`) once per merchant, `key` and publication window, then
 * kept until the merchant's announcements change. At once when the merchant's rows are in memory
 * (the public-read lane answers only then), a promise while they load.
 */
function keptBody(
  q: Queryable,
  merchantId: number,
  key: string,
  now: Date,
  schema: ZodType,
  answer: (rows: readonly AnnouncementRow[]) => unknown,
): CachedBody | Promise<CachedBody> {
  const make = (rows: readonly AnnouncementRow[]) =>
    new CachedBody(`{"success":true,"value":${JSON.stringify(schema.parse(answer(rows)))}}`);
  const cache = announcementCacheOf(q);
  if (!cache) return store.listActiveAnnouncements(q, merchantId).then(make);
  const kept = cache.of({ id: merchantId });
  const bodyOf = (announcements: MerchantAnnouncements) => announcements.body(key, now, () => make(announcements.rows));
  return kept instanceof Promise ? kept.then(bodyOf) : bodyOf(kept);
}

/**
 * The body already kept for `key`, when the merchant's rows are in memory: the common case, taken
 * before `keptBody`'s closures are made (a read from memory then allocates nothing of its own).
 */
function alreadyKeptBody(q: Queryable, merchantId: number, key: string, now: Date): CachedBody | undefined {
  const kept = announcementCacheOf(q)?.of({ id: merchantId });
  return kept === undefined || kept instanceof Promise ? undefined : kept.keptBody(key, now);
}

/**
 * The part of an announcement query's key its own fields make, per query object: the public-read
 * lane hands every request of one query string the same frozen query, so the sorting and joining
 * is done once for it.
 */
const announcementQueryKeys = new WeakMap<TAnnouncementQuery, string>();

function announcementQueryKey(query: TAnnouncementQuery): string {
  let key = announcementQueryKeys.get(query);
  if (key === undefined) {
    key = [query.platform, query.groupName?.trim() ?? '', [...new Set(query.types)].sort().join(',')].join('|');
    announcementQueryKeys.set(query, key);
  }
  return key;
}

export function announcementsBody(
  q: Queryable,
  merchant: MerchantRow,
  query: TAnnouncementQuery,
  now: Date,
): CachedBody | Promise<CachedBody> {
  const key = `${query.language ?? merchant.defaultLanguage}|${announcementQueryKey(query)}`;
  return (
    alreadyKeptBody(q, merchant.id, key, now) ??
    keptBody(q, merchant.id, key, now, ZAnnouncements, (rows) => announcementsFrom(rows, merchant, query, now))
  );
}

/** A page of notices as the body to send, kept like `announcementsBody`. */
export function noticesBody(
  q: Queryable,
  merchant: MerchantRow,
  query: TNoticeQuery,
  now: Date,
): CachedBody | Promise<CachedBody> {
  const key = `notices|${query.language ?? merchant.defaultLanguage}|${query.pageNo}|${query.pageSize}`;
  return (
    alreadyKeptBody(q, merchant.id, key, now) ??
    keptBody(q, merchant.id, key, now, ZNoticePage, (rows) => noticesFrom(rows, merchant, query, now))
  );
}

function noticesFrom(
  rows: readonly AnnouncementRow[],
  merchant: MerchantRow,
  query: TNoticeQuery,
  now: Date,
): TNoticePage {
  const language = query.language ?? merchant.defaultLanguage;
  const notices = visible(rows, { types: ['PL'], platform: 'M', groupName: null, now }).sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id,
  );
  const offset = (query.pageNo - 1) * query.pageSize;
  return {
    list: notices.slice(offset, offset + query.pageSize).map((row) => toItem(row, language)),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalPages: Math.ceil(notices.length / query.pageSize),
    totalCount: notices.length,
  };
}

/** Keeps every merchant's announcements, help centre and terms in memory for the app's reads, current across replicas. */
export function startContentCache(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return startContentCaches(database, log);
}

function toOperatorAnnouncement(row: AnnouncementRow): TOperatorAnnouncement {
  return {
    id: row.id,
    type: row.type,
    platform: row.platform,
    groupName: row.groupName,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    link: row.link,
    sortOrder: row.sortOrder,
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
  };
}

/** Every announcement of the merchant, shown or not, newest first. */
export async function operatorAnnouncements(db: Db, merchantCode: string): Promise<TOperatorAnnouncements> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return { list: (await store.listAllAnnouncements(db, merchant.id)).map(toOperatorAnnouncement) };
}

/** Adds an announcement; every replica's cached answers start over when it commits. */
export function createAnnouncement(
  db: Db,
  merchantCode: string,
  request: z.output<typeof ZOperatorAnnouncementCreate>,
  actor: string,
  now: Date,
): Promise<TOperatorAnnouncement> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const publishedAt = request.publishedAt ? new Date(request.publishedAt) : now;
    const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
    if (expiresAt && expiresAt <= publishedAt) throw invalidField('expiresAt', 'It must expire after it is published');
    const row = await store.insertAnnouncement(tx, {
      merchantId: merchant.id,
      type: request.type,
      platform: request.platform,
      groupName: request.groupName,
      title: request.title,
      content: request.content,
      imageUrl: request.imageUrl,
      link: request.link,
      sortOrder: request.sortOrder,
      publishedAt,
      expiresAt,
      active: request.active,
    });
    await recordAudit(tx, {
      actor,
      action: 'content.announcement.create',
      merchantId: merchant.id,
      details: { id: row.id, type: row.type, groupName: row.groupName, publishedAt, expiresAt },
    });
    return toOperatorAnnouncement(row);
  });
}

export function updateAnnouncement(
  db: Db,
  merchantCode: string,
  id: number,
  update: TOperatorAnnouncementUpdate,
  actor: string,
): Promise<TOperatorAnnouncement> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const { publishedAt, expiresAt, ...rest } = update;
    const row = await store.updateAnnouncement(tx, merchant.id, id, {
      ...rest,
      ...(publishedAt !== undefined && { publishedAt: new Date(publishedAt) }),
      ...(expiresAt !== undefined && { expiresAt: expiresAt === null ? null : new Date(expiresAt) }),
    });
    if (!row) throw new NotFoundError(`No announcement ${id}`);
    if (row.type === 'B' && !row.imageUrl) throw invalidField('imageUrl', 'A banner needs its picture');
    if (row.expiresAt && row.expiresAt <= row.publishedAt)
      throw invalidField('expiresAt', 'It must expire after it is published');
    await recordAudit(tx, {
      actor,
      action: 'content.announcement.update',
      merchantId: merchant.id,
      details: { id, ...update },
    });
    return toOperatorAnnouncement(row);
  });
}

export function deleteAnnouncement(db: Db, merchantCode: string, id: number, actor: string): Promise<{ id: number }> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    if (!(await store.deleteAnnouncement(tx, merchant.id, id))) throw new NotFoundError(`No announcement ${id}`);
    await recordAudit(tx, { actor, action: 'content.announcement.delete', merchantId: merchant.id, details: { id } });
    return { id };
  });
}
