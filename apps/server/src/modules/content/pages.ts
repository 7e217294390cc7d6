import type { z } from 'zod';
import type {
  Language,
  THelpCentre,
  THelpQuery,
  TOperatorAgreement,
  TOperatorAgreements,
  TOperatorHelpArticle,
  TOperatorHelpArticles,
  TOperatorHelpArticleUpdate,
  TServiceVersion,
  TUserAgreement,
  TAgreementQuery,
} from '@palaro/contract';
import {
  ZHelpCentre,
  ZServiceVersion,
  ZUserAgreement,
  type ZOperatorAgreementCreate,
  type ZOperatorHelpArticleCreate,
} from '@palaro/contract/schemas';
import type { ZodType } from 'zod';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Db, Queryable } from '../../platform/db/database';
import { SERVER_VERSION } from '../../platform/server-root';
import { CachedBody } from '../../platform/http/cached-body';
import { NotFoundError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import { loadPages, pageCacheOf, type MerchantPages } from './cache';
import { invalidField } from './invalid';
import { sanitizeLocalisedRichText } from '../../platform/rich-text';
import type { HelpArticleRow, UserAgreementRow } from './schema';
import { pickText } from './service';
import * as store from './store';

/** A merchant's pages as a kept `{success,value}` body: from memory when the app keeps them, else read now. */
function pagesBody(
  q: Queryable,
  merchantId: number,
  key: string,
  now: Date,
  schema: ZodType,
  answer: (pages: MerchantPages) => unknown,
): CachedBody | Promise<CachedBody> {
  const make = (pages: MerchantPages) =>
    new CachedBody(`{"success":true,"value":${JSON.stringify(schema.parse(answer(pages)))}}`);
  const cache = pageCacheOf(q);
  if (!cache) return loadPages(q, merchantId).then(make);
  const kept = cache.of({ id: merchantId });
  const bodyOf = (pages: MerchantPages) => pages.body(key, now, () => make(pages));
  return kept instanceof Promise ? kept.then(bodyOf) : bodyOf(kept);
}

function helpFrom(pages: MerchantPages, language: Language): THelpCentre {
  const byCategory = new Map<number, HelpArticleRow[]>();
  for (const article of pages.articles) {
    const list = byCategory.get(article.categoryId) ?? [];
    list.push(article);
    byCategory.set(article.categoryId, list);
  }
  return {
    // A category with no article left would be an empty tab: it is not shown.
    categories: pages.categories.flatMap((category) => {
      const articles = byCategory.get(category.id);
      if (!articles) return [];
      return [
        {
          id: String(category.id),
          title: pickText(category.title, language),
          items: articles.map((article) => ({
            id: String(article.id),
            title: pickText(article.title, language),
            content: pickText(article.content, language),
          })),
        },
      ];
    }),
  };
}

/** Spec §7 help center: the merchant's categories and articles in the reader's language. */
export function helpBody(q: Queryable, merchant: MerchantRow, query: THelpQuery, now: Date) {
  const language = query.lang ?? merchant.defaultLanguage;
  return pagesBody(q, merchant.id, `help|${language}`, now, ZHelpCentre, (pages) => helpFrom(pages, language));
}

function agreementAt(agreements: readonly UserAgreementRow[], now: Date): UserAgreementRow | undefined {
  return agreements.find((agreement) => agreement.publishedAt <= now);
}

function agreementFrom(pages: MerchantPages, language: Language, now: Date): TUserAgreement {
  const agreement = agreementAt(pages.agreements, now);
  if (!agreement) return null;
  return {
    version: agreement.version,
    title: pickText(agreement.title, language),
    content: pickText(agreement.content, language),
    publishedAt: agreement.publishedAt.toISOString(),
  };
}

/** The terms in force at `now` in the reader's language; a version scheduled later takes over on time. */
export function agreementBody(q: Queryable, merchant: MerchantRow, query: TAgreementQuery, now: Date) {
  const language = query.language ?? merchant.defaultLanguage;
  return pagesBody(q, merchant.id, `agreement|${language}`, now, ZUserAgreement, (pages) =>
    agreementFrom(pages, language, now),
  );
}

/** The version of the terms a member registering at `now` agrees to (null when none is in force). */
export function agreementVersionAt(q: Queryable, merchantId: number, now: Date): Promise<number | null> {
  return store.agreementVersionAt(q, merchantId, now);
}

/** Spec §7 service version: the build, where the service answers, the merchant's app downloads. */
export function serviceVersion(merchant: MerchantRow): TServiceVersion {
  const pathList = merchant.mainDomain ? [merchant.mainDomain] : [];
  return ZServiceVersion.parse({
    version: { code: SERVER_VERSION, pathList },
    resources: merchant.downloads,
  });
}

function toOperatorArticle(row: HelpArticleRow, categoryKey: string): TOperatorHelpArticle {
  return {
    id: row.id,
    categoryKey,
    title: row.title,
    content: row.content,
    sortOrder: row.sortOrder,
    active: row.active,
  };
}

export async function operatorHelpArticles(db: Db, merchantCode: string): Promise<TOperatorHelpArticles> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  const keys = new Map((await store.listHelpCategories(db, merchant.id)).map((row) => [row.id, row.key]));
  return {
    list: (await store.listAllHelpArticles(db, merchant.id)).map((row) =>
      toOperatorArticle(row, keys.get(row.categoryId) ?? ''),
    ),
  };
}

/** Adds an article (and its category when the key is new); its text is sanitised before it is kept. */
export function createHelpArticle(
  db: Db,
  merchantCode: string,
  request: z.output<typeof ZOperatorHelpArticleCreate>,
  actor: string,
): Promise<TOperatorHelpArticle> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const content = requireRichText(request.content);
    const category =
      (await store.findHelpCategory(tx, merchant.id, request.categoryKey)) ??
      (await store.ensureHelpCategory(
        tx,
        merchant.id,
        request.categoryKey,
        request.categoryTitle ?? { EN: request.categoryKey },
        (await store.listHelpCategories(tx, merchant.id)).length,
      ));
    const row = await store.insertHelpArticle(tx, {
      merchantId: merchant.id,
      categoryId: category.id,
      title: request.title,
      content,
      sortOrder: request.sortOrder,
    });
    await recordAudit(tx, {
      actor,
      action: 'content.help-article.create',
      merchantId: merchant.id,
      details: { id: row!.id, categoryKey: category.key },
    });
    return toOperatorArticle(row!, category.key);
  });
}

export function updateHelpArticle(
  db: Db,
  merchantCode: string,
  id: number,
  update: TOperatorHelpArticleUpdate,
  actor: string,
): Promise<TOperatorHelpArticle> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const { content, ...rest } = update;
    const row = await store.updateHelpArticle(tx, merchant.id, id, {
      ...rest,
      ...(content !== undefined && { content: requireRichText(content) }),
    });
    if (!row) throw new NotFoundError(`No help article ${id}`);
    const categories = await store.listHelpCategories(tx, merchant.id);
    await recordAudit(tx, {
      actor,
      action: 'content.help-article.update',
      merchantId: merchant.id,
      details: { id, fields: Object.keys(update) },
    });
    return toOperatorArticle(row, categories.find((category) => category.id === row.categoryId)?.key ?? '');
  });
}

function toOperatorAgreement(row: UserAgreementRow): TOperatorAgreement {
  return { version: row.version, title: row.title, publishedAt: row.publishedAt.toISOString() };
}

export async function operatorAgreements(db: Db, merchantCode: string): Promise<TOperatorAgreements> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return { list: (await store.listAgreements(db, merchant.id)).map(toOperatorAgreement) };
}

/** Publishes the next version of the terms; members registering from its publication agree to it. */
export function publishAgreement(
  db: Db,
  merchantCode: string,
  request: z.output<typeof ZOperatorAgreementCreate>,
  actor: string,
  now: Date,
): Promise<TOperatorAgreement> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const row = await store.insertAgreement(tx, {
      merchantId: merchant.id,
      title: request.title,
      content: requireRichText(request.content),
      publishedAt: request.publishedAt ? new Date(request.publishedAt) : now,
    });
    await recordAudit(tx, {
      actor,
      action: 'content.agreement.publish',
      merchantId: merchant.id,
      details: { version: row.version, publishedAt: row.publishedAt },
    });
    return toOperatorAgreement(row);
  });
}

/** Rich text kept only when something is left of it once sanitised. */
function requireRichText(texts: Partial<Record<Language, string>>): Partial<Record<Language, string>> {
  const clean = sanitizeLocalisedRichText(texts);
  if (Object.keys(clean).length === 0) throw invalidContent();
  return clean;
}

function invalidContent() {
  return invalidField('content', 'Nothing is left of the text once scripts and unknown tags are removed');
}
