import { FEEDBACK_MAX_IMAGES } from '@palaro/contract';

/**
 * Images uploaded and not yet sent, per member: a form holds at most FEEDBACK_MAX_IMAGES, and a
 * few more let a player swap pictures or resend after a refusal; beyond it an upload is refused,
 * so one account cannot fill the disk (at most 9 × 5 MB until the clean-up takes them).
 */
export const MAX_WAITING_IMAGES = FEEDBACK_MAX_IMAGES * 3;

/** An image not sent with a feedback within this time is removed by the clean-up job. */
export const WAITING_IMAGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The ids asked for, once each, in the order given. */
export function distinctImageIds(imageIds: readonly string[]): string[] {
  return [...new Set(imageIds)];
}

export function isTooManyImages(imageIds: readonly string[]): boolean {
  return distinctImageIds(imageIds).length > FEEDBACK_MAX_IMAGES;
}
