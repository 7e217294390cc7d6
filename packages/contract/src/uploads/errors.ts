import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Refusals of an uploaded image (feedback images, a profile picture), spec §5. */
export const UPLOAD_ERROR_CODES = {
  /** Not a PNG or JPEG by its content (whatever its name or declared type). */
  imageType: 'upload.image.type',
  /** Over UPLOAD_MAX_BYTES, or empty. */
  imageSize: 'upload.image.size',
  /** The picture's content could not be read as an image although its first bytes say so. */
  imageUnreadable: 'upload.image.unreadable',
  /** Too many images uploaded and not yet sent: send the feedback or remove some. */
  pendingLimit: 'upload.pending.limit',
} as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[keyof typeof UPLOAD_ERROR_CODES];

export const UPLOAD_ERRORS: ErrorCatalogue<UploadErrorCode> = {
  'upload.image.type': { status: 415, i18nKey: 'in_upload_image_type' },
  'upload.image.size': { status: 413, i18nKey: 'in_upload_image_size' },
  'upload.image.unreadable': { status: 400, i18nKey: 'in_upload_image_type' },
  'upload.pending.limit': { status: 409, i18nKey: 'in_upload_pending_limit' },
};
