/**
 * Spec §5: images are PNG or JPEG of at most 5 MB. The type is read from the file's first bytes,
 * never from its name or the type the browser declares, so a renamed executable is refused; the
 * server decides with this and the browser refuses early with the same function.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG starts with a start-of-image marker followed by another marker. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** Bytes needed to recognise every accepted type. */
export const UPLOAD_SIGNATURE_BYTES = PNG_SIGNATURE.length;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The image type the bytes begin with, or null when they are not a PNG or JPEG. */
export function imageTypeOf(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}
