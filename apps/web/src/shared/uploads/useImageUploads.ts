import { useCallback, useEffect, useRef, useState } from 'react';
import { FEEDBACK_MAX_IMAGES } from '@palaro/contract';
import { ApiError } from '../api/client';
import { refusalOf } from './images';

export interface PickedImage {
  /** The browser's own name for this pick (a preview list key). */
  localId: number;
  previewUrl: string;
  status: 'uploading' | 'ready' | 'failed';
  imageId?: string;
  /** i18n key of why it failed. */
  errorKey?: string;
}

/**
 * The images picked for one feedback: each is checked, previewed and uploaded at once, so sending
 * the form sends only their ids. Removing one removes its upload; the previews' object URLs are
 * released when they leave.
 */
export function useImageUploads(api: {
  upload: (file: Blob) => Promise<{ imageId: string }>;
  remove: (imageId: string) => Promise<unknown>;
}) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const nextId = useRef(1);
  const shown = useRef<PickedImage[]>([]);
  // The event handlers read the list as last drawn; the previews' URLs go when the form does.
  useEffect(() => {
    shown.current = images;
  }, [images]);
  useEffect(() => () => shown.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  const update = (localId: number, change: Partial<PickedImage>) =>
    setImages((list) => list.map((image) => (image.localId === localId ? { ...image, ...change } : image)));

  const add = useCallback(async (files: readonly File[]) => {
    setRefusal(null);
    const room = FEEDBACK_MAX_IMAGES - shown.current.length;
    if (files.length > room) setRefusal('in_feedback_images_max');
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = await refusalOf(file);
      if (refused) {
        setRefusal(refused);
        continue;
      }
      const localId = nextId.current++;
      setImages((list) => [...list, { localId, previewUrl: URL.createObjectURL(file), status: 'uploading' }]);
      api.upload(file).then(
        (uploaded) => update(localId, { status: 'ready', imageId: uploaded.imageId }),
        (error: unknown) =>
          update(localId, {
            status: 'failed',
            errorKey: error instanceof ApiError && error.i18nKey ? error.i18nKey : 'in_unknown_error',
          }),
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the upload call is fixed for the form's life
  }, []);

  const remove = useCallback((localId: number) => {
    const image = shown.current.find((candidate) => candidate.localId === localId);
    if (!image) return;
    URL.revokeObjectURL(image.previewUrl);
    setImages((list) => list.filter((candidate) => candidate.localId !== localId));
    setRefusal(null);
    if (image.imageId) void api.remove(image.imageId).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, []);

  /** After a feedback took the images: they are its now, so only the previews go. */
  const clear = useCallback(() => {
    shown.current.forEach((image) => URL.revokeObjectURL(image.previewUrl));
    setImages([]);
    setRefusal(null);
  }, []);

  return { images, refusal, add, remove, clear };
}
