import type { ErrorCatalogue } from '../shared/error-catalogue';

export const FEEDBACK_ERROR_CODES = {
  /** Content outside the merchant's word bounds (value: minWords, maxWords). */
  feedbackWords: 'feedback.content.words',
  /** More than FEEDBACK_MAX_IMAGES images. */
  feedbackTooManyImages: 'feedback.images.too_many',
  /** An image id that is not one of the member's uploads waiting to be sent. */
  feedbackImageUnknown: 'feedback.image.unknown',
  /** The operator answers a feedback that already has an answer. */
  feedbackAnswered: 'feedback.answered',
} as const;
export type FeedbackErrorCode = (typeof FEEDBACK_ERROR_CODES)[keyof typeof FEEDBACK_ERROR_CODES];

export const FEEDBACK_ERRORS: ErrorCatalogue<FeedbackErrorCode> = {
  'feedback.content.words': { status: 400, i18nKey: 'in_feedback_words' },
  'feedback.images.too_many': { status: 400, i18nKey: 'in_feedback_images_max' },
  'feedback.image.unknown': { status: 400, i18nKey: 'in_feedback_image_unknown' },
  'feedback.answered': { status: 409, i18nKey: 'in_feedback_answered' },
};
