import type { FastifyError, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ERROR_CODES, imageTypeOf, UPLOAD_MAX_BYTES, type UploadImageType } from '@palaro/contract';
import { DomainError } from './errors';

/**
 * Uploads travel as the raw bytes of one image per request (docs/decisions/image-uploads.md): the
 * body is read into one buffer of at most UPLOAD_MAX_BYTES, and a longer Content-Length is refused
 * before a byte is read. Any declared type is accepted, since the type is decided by content.
 */
const IMAGE_BODY_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export class ImageRefusedError extends DomainError {
  constructor(code: typeof ERROR_CODES.imageType | typeof ERROR_CODES.imageSize) {
    super(
      code,
      code === ERROR_CODES.imageSize ? 'Images must be at most 5 MB each' : 'Only PNG or JPG images can be uploaded',
    );
    this.name = 'ImageRefusedError';
  }
}

/**
 * Makes the scope's routes take image bodies; a body too large or of a type no image body has is
 * answered with the upload refusals of spec §5 rather than the framework's own wording.
 */
export function acceptImageBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ImageRefusedError(ERROR_CODES.imageSize);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new ImageRefusedError(ERROR_CODES.imageType);
    throw error;
  });
}

/**
 * Beyond this canvas a few megabytes could decode into gigabytes ("decompression bomb"): refused
 * from the header alone. A 6000 × 4000 phone photo passes.
 */
export const MAX_IMAGE_PIXELS = 6000 * 4000;

const FORMAT_OF_TYPE: Record<UploadImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/**
 * The image a body holds: PNG or JPEG by its first bytes, 1 byte to 5 MB, and a header that
 * decodes as that format with a bounded canvas (read without decoding the pixels), else refused.
 */
export async function imageOfBody(body: unknown): Promise<{ bytes: Buffer; contentType: UploadImageType }> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ImageRefusedError(ERROR_CODES.imageType);
  if (body.length > UPLOAD_MAX_BYTES) throw new ImageRefusedError(ERROR_CODES.imageSize);
  const contentType = imageTypeOf(body);
  if (!contentType) throw new ImageRefusedError(ERROR_CODES.imageType);
  const header = await sharp(body, { limitInputPixels: MAX_IMAGE_PIXELS })
    .metadata()
    .catch(() => null);
  const { width = 0, height = 0 } = header ?? {};
  if (header?.format !== FORMAT_OF_TYPE[contentType] || width * height === 0 || width * height > MAX_IMAGE_PIXELS)
    throw new DomainError(ERROR_CODES.imageUnreadable, 'The picture could not be read');
  return { bytes: body, contentType };
}
