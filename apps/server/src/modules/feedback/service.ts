import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MAX_IMAGES,
  isWithinWordBounds,
  UPLOAD_MAX_BYTES,
  type FeedbackStatus,
  type TFeedbackItem,
  type TFeedbackPage,
  type TFeedbackRequest,
  type TFeedbackSettings,
  type TFeedbackUpload,
  type TOperatorFeedbackItem,
  type UploadImageType,
} from '@palaro/contract';
import type { Db, Queryable } from '../../platform/db/database';
import type { FileStorage } from '../../platform/file-storage';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { lockMember, usernamesOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { notifyMember } from '../inbox/service';
import { changeSettings, settingsOf } from '../settings/service';
import { requireMerchantByCode } from '../site/service';
import { distinctImageIds, isTooManyImages, MAX_WAITING_IMAGES, WAITING_IMAGE_LIFETIME_MS } from './rules';
import type { FeedbackRow } from './schema';
import { feedbackSettings } from './settings';
import * as store from './store';

const STORAGE_PREFIX = 'feedback';

function toItem(row: FeedbackRow, imageIds: string[]): TFeedbackItem {
  return {
    id: row.id,
    category: row.category,
    content: row.content,
    status: row.status,
    imageIds,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function itemsOf(q: Queryable, rows: FeedbackRow[]): Promise<TFeedbackItem[]> {
  const images = await store.imageIdsOf(
    q,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toItem(row, images.get(row.id) ?? []));
}

/** The rules the form shows and the member's feedback, latest first. */
export async function memberFeedbackPage(q: Queryable, merchantId: number, memberId: number): Promise<TFeedbackPage> {
  const settings = await settingsOf(q, merchantId, feedbackSettings);
  return {
    rules: {
      minWords: settings.contentMinWords,
      maxWords: settings.contentMaxWords,
      maxImages: FEEDBACK_MAX_IMAGES,
      maxImageBytes: UPLOAD_MAX_BYTES,
      categories: [...FEEDBACK_CATEGORIES],
    },
    list: await itemsOf(q, await store.feedbackOfMember(q, merchantId, memberId)),
  };
}

/**
 * Keeps one image the member will send with a feedback. Its type was read from its bytes
 * (`imageOfBody`); a member with too many images waiting is refused before anything is written.
 */
export async function uploadFeedbackImage(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  image: { bytes: Buffer; contentType: UploadImageType },
): Promise<TFeedbackUpload> {
  assertNotTrial(member);
  let storageKey: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      // One member's uploads in a row, so two at once cannot both pass the limit.
      await lockMember(tx, member.merchantId, member.id);
      if ((await store.waitingImageCount(tx, member.merchantId, member.id)) >= MAX_WAITING_IMAGES)
        throw new DomainError(ERROR_CODES.pendingLimit, 'Too many images waiting: send your feedback or remove some');
      storageKey = await storage.put(image.bytes, STORAGE_PREFIX);
      const row = await store.insertImage(tx, {
        publicId: randomBytes(16).toString('base64url'),
        merchantId: member.merchantId,
        memberId: member.id,
        storageKey,
        contentType: image.contentType,
        sizeBytes: image.bytes.length,
      });
      return { imageId: row.publicId, contentType: row.contentType, sizeBytes: row.sizeBytes };
    });
  } catch (error) {
    // The row did not commit, so the file belongs to no one. Should the store fail now too, the
    // first failure is the one to answer (a file left over harms no one).
    if (storageKey) await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Removes an image the member uploaded and has not sent; one already sent stays with its feedback. */
export async function removeWaitingImage(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  publicId: string,
): Promise<void> {
  const storageKey = await store.deleteWaitingImage(db, member.merchantId, member.id, publicId);
  if (!storageKey) throw new NotFoundError('No such image waiting to be sent');
  await storage.remove(storageKey);
}

/**
 * Files a member's feedback: the content within the merchant's word bounds, at most three of the
 * member's own images waiting to be sent. A refusal writes nothing; the images stay waiting, so
 * the player can correct the text and send again.
 */
export async function submitFeedback(db: Db, member: MemberRow, request: TFeedbackRequest): Promise<TFeedbackItem> {
  assertNotTrial(member);
  if (isTooManyImages(request.imageIds))
    throw new DomainError(ERROR_CODES.feedbackTooManyImages, `At most ${FEEDBACK_MAX_IMAGES} images`, {
      maxImages: FEEDBACK_MAX_IMAGES,
    });
  const settings = await settingsOf(db, member.merchantId, feedbackSettings);
  const bounds = { minWords: settings.contentMinWords, maxWords: settings.contentMaxWords };
  if (!isWithinWordBounds(request.content, bounds))
    throw new DomainError(
      ERROR_CODES.feedbackWords,
      `Feedback content must be between ${bounds.minWords} and ${bounds.maxWords} words`,
      bounds,
    );
  const imageIds = distinctImageIds(request.imageIds);
  return db.transaction(async (tx) => {
    const images = imageIds.length > 0 ? await store.lockWaitingImages(tx, member.merchantId, member.id, imageIds) : [];
    if (images.length !== imageIds.length)
      throw new DomainError(ERROR_CODES.feedbackImageUnknown, 'An image is no longer available: add it again');
    const row = await store.insertFeedback(tx, {
      merchantId: member.merchantId,
      memberId: member.id,
      category: request.category,
      content: request.content.trim(),
    });
    const ordered = imageIds.map((publicId) => images.find((image) => image.publicId === publicId)!);
    await store.attachImages(
      tx,
      row.id,
      ordered.map((image) => image.id),
    );
    return toItem(row, imageIds);
  });
}

/** An image's bytes for its owner only; anyone else learns nothing, not even that it exists. */
export async function memberImage(
  q: Queryable,
  storage: FileStorage,
  member: MemberRow,
  publicId: string,
): Promise<{ bytes: Buffer; contentType: UploadImageType }> {
  const image = await store.imageByPublicId(q, member.merchantId, publicId);
  if (!image || image.memberId !== member.id) throw new NotFoundError('No such image');
  return imageBytes(storage, image);
}

async function imageBytes(
  storage: FileStorage,
  image: { storageKey: string; contentType: UploadImageType },
): Promise<{ bytes: Buffer; contentType: UploadImageType }> {
  const bytes = await storage.get(image.storageKey);
  if (!bytes) throw new NotFoundError('No such image');
  return { bytes, contentType: image.contentType };
}

export async function operatorImage(
  q: Queryable,
  storage: FileStorage,
  merchantCode: string,
  publicId: string,
): Promise<{ bytes: Buffer; contentType: UploadImageType }> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const image = await store.imageByPublicId(q, merchant.id, publicId);
  if (!image || image.feedbackId === null) throw new NotFoundError('No such image');
  return imageBytes(storage, image);
}

async function operatorItems(q: Queryable, merchantId: number, rows: FeedbackRow[]): Promise<TOperatorFeedbackItem[]> {
  const usernames = await usernamesOf(q, merchantId, [...new Set(rows.map((row) => row.memberId))]);
  return (await itemsOf(q, rows)).map((item, index) => ({
    ...item,
    username: usernames.get(rows[index]!.memberId) ?? '',
    answeredBy: rows[index]!.answeredBy,
  }));
}

/** A merchant's feedback for the operator, newest first, by status. */
export async function operatorFeedback(
  q: Queryable,
  merchantCode: string,
  status: FeedbackStatus | undefined,
): Promise<TOperatorFeedbackItem[]> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return operatorItems(q, merchant.id, await store.feedbackOfMerchant(q, merchant.id, status));
}

/**
 * The operator's answer: recorded once, sent to the member's inbox and written to the audit log,
 * all in one transaction.
 */
export async function answerFeedback(
  db: Db,
  request: { merchantCode: string; id: number; answer: string; actor: string; now: Date },
): Promise<TOperatorFeedbackItem> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const found = await store.lockFeedback(tx, merchant.id, request.id);
    if (!found) throw new NotFoundError(`No feedback ${request.id}`);
    if (found.status === 'answered')
      throw new DomainError(ERROR_CODES.feedbackAnswered, 'This feedback already has an answer');
    const answered = await store.recordAnswer(tx, found.id, {
      answer: request.answer,
      answeredAt: request.now,
      answeredBy: request.actor,
    });
    const details = { feedbackId: found.id, category: found.category, answer: request.answer };
    await notifyMember(tx, {
      merchantId: merchant.id,
      memberId: found.memberId,
      kind: 'feedback.answered',
      payload: details,
    });
    await recordAudit(tx, { actor: request.actor, action: 'feedback.answer', merchantId: merchant.id, details });
    return (await operatorItems(tx, merchant.id, [answered]))[0]!;
  });
}

/** Removes images never sent with a feedback: their rows first, then their files. Idempotent. */
export async function removeAbandonedImages(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const keys = await store.deleteWaitingImagesBefore(db, new Date(now.getTime() - WAITING_IMAGE_LIFETIME_MS));
  for (const key of keys) await storage.remove(key);
  return keys.length;
}

export async function operatorFeedbackSettings(q: Queryable, merchantCode: string): Promise<TFeedbackSettings> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  return settingsOf(q, merchant.id, feedbackSettings);
}

/** Changes the merchant's word bounds (a minimum above the maximum is refused), audited in one transaction. */
export async function changeFeedbackSettings(
  db: Db,
  request: { merchantCode: string; changes: Partial<TFeedbackSettings>; actor: string },
): Promise<TFeedbackSettings> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, request.merchantCode);
    const settings = await changeSettings(tx, merchant.id, feedbackSettings, request.changes);
    await recordAudit(tx, {
      actor: request.actor,
      action: 'feedback.settings.update',
      merchantId: merchant.id,
      details: { ...request.changes },
    });
    return settings;
  });
}
