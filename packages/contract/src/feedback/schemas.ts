import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX_IMAGES, FEEDBACK_STATUSES } from './rules';

/** Upload ids are random, URL-safe and unguessable: knowing one is not a way into another's image. */
export const ZUploadId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const ZFeedbackImageParams = z.object({ imageId: ZUploadId });

export const ZFeedbackUpload = z.object({
  imageId: ZUploadId,
  contentType: z.enum(['image/png', 'image/jpeg']),
  sizeBytes: z.number().int().positive(),
});
export type TFeedbackUpload = z.infer<typeof ZFeedbackUpload>;

export const ZFeedbackRequest = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  /** Bounded far above any merchant's word maximum, so the word rule decides, not the body size. */
  content: z.string().max(20_000),
  // The count is checked by the service, so a fourth image gets the spec's own message.
  imageIds: z.array(ZUploadId).max(50).default([]),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

export const ZFeedbackItem = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  imageIds: z.array(ZUploadId),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TFeedbackItem = z.infer<typeof ZFeedbackItem>;

export const ZFeedbackRules = z.object({
  minWords: z.number().int(),
  maxWords: z.number().int(),
  maxImages: z.literal(FEEDBACK_MAX_IMAGES),
  maxImageBytes: z.number().int(),
  categories: z.array(z.enum(FEEDBACK_CATEGORIES)),
});
export type TFeedbackRules = z.infer<typeof ZFeedbackRules>;

export const ZFeedbackPage = z.object({ rules: ZFeedbackRules, list: z.array(ZFeedbackItem) });
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;

export const ZOperatorFeedbackQuery = z.object({ status: z.enum(FEEDBACK_STATUSES).optional() });
export const ZOperatorFeedbackParams = z.object({
  merchantCode: z.string().min(1).max(32),
  id: z.coerce.number().int().positive(),
});
export const ZOperatorFeedbackImageParams = z.object({ merchantCode: z.string().min(1).max(32), imageId: ZUploadId });

export const ZOperatorFeedbackAnswer = z.object({ answer: z.string().trim().min(1).max(4000) });
export type TOperatorFeedbackAnswer = z.infer<typeof ZOperatorFeedbackAnswer>;

export const ZOperatorFeedbackItem = ZFeedbackItem.extend({ username: z.string(), answeredBy: z.string().nullable() });
export type TOperatorFeedbackItem = z.infer<typeof ZOperatorFeedbackItem>;
export const ZOperatorFeedbackList = z.object({ list: z.array(ZOperatorFeedbackItem) });
export type TOperatorFeedbackList = z.infer<typeof ZOperatorFeedbackList>;

/** The merchant's word bounds of feedback content (spec §5). */
export const ZFeedbackSettings = z.object({
  contentMinWords: z.number().int().min(1).max(1000),
  contentMaxWords: z.number().int().min(1).max(1000),
});
export type TFeedbackSettings = z.infer<typeof ZFeedbackSettings>;
export const ZFeedbackSettingsUpdate = ZFeedbackSettings.partial();
export const ZOperatorMerchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
