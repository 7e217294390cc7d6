import { imageTypeOf, UPLOAD_MAX_BYTES, UPLOAD_SIGNATURE_BYTES } from '@palaro/contract';

export type PickRefusal = 'in_upload_image_type' | 'in_upload_image_size';

/**
 * Refuses a picked file before it is sent, by the same rules the server applies (its first bytes,
 * its size), so a wrong file costs no upload; the server checks again.
 */
export async function refusalOf(file: Blob): Promise<PickRefusal | null> {
  if (file.size > UPLOAD_MAX_BYTES) return 'in_upload_image_size';
  const head = new Uint8Array(await file.slice(0, UPLOAD_SIGNATURE_BYTES).arrayBuffer());
  return imageTypeOf(head) ? null : 'in_upload_image_type';
}
