import sharp from 'sharp';
import { ERROR_CODES, PROFILE_PICTURE_SIZE } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import { MAX_IMAGE_PIXELS } from '../../platform/http/image-body';

/** The uploaded picture as a small square WebP, turned upright, its metadata (location…) dropped. */
export async function squareWebp(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw new DomainError(ERROR_CODES.imageUnreadable, 'The picture could not be read', {}, { cause: error });
  }
}
