import { useId, useRef } from 'react';
import { FEEDBACK_MAX_IMAGES } from '@palaro/contract';
import { useTranslation } from '../i18n/language';
import { CloseIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import type { PickedImage } from './useImageUploads';

/** Up to three PNG or JPG images, each previewed with its upload's state and a remove button. */
export function ImagePicker({
  images,
  refusal,
  onAdd,
  onRemove,
}: {
  images: PickedImage[];
  refusal: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (localId: number) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = images.length >= FEEDBACK_MAX_IMAGES;
  return (
    <div className="fb-images" data-testid="feedback-images">
      <p className="fb-images__label">
        {t('fb_images')}{' '}
        <span className="fb-images__count" data-testid="feedback-images-count">
          {t('fb_images_count', { count: images.length, max: FEEDBACK_MAX_IMAGES })}
        </span>
      </p>
      <ul className="fb-images__list">
        {images.map((image, index) => (
          <li key={image.localId} className={`fb-thumb fb-thumb--${image.status}`} data-testid="feedback-image">
            <img src={image.previewUrl} alt={t('fb_image_alt', { index: index + 1 })} className="fb-thumb__img" />
            {image.status === 'uploading' ? (
              <span className="fb-thumb__state" role="status" aria-label={t('fb_image_uploading')}>
                <Spinner />
              </span>
            ) : null}
            {image.status === 'failed' ? (
              <span className="fb-thumb__state fb-thumb__state--failed" role="alert">
                {t(image.errorKey ?? 'in_unknown_error')}
              </span>
            ) : null}
            <button
              type="button"
              className="fb-thumb__remove"
              aria-label={t('fb_image_remove', { index: index + 1 })}
              data-testid="feedback-image-remove"
              onClick={() => onRemove(image.localId)}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        {full ? null : (
          <li>
            <button
              type="button"
              className="fb-thumb fb-thumb--add"
              aria-describedby={hintId}
              data-testid="feedback-image-add"
              onClick={() => input.current?.click()}
            >
              <span aria-hidden="true" className="fb-thumb__plus">
                +
              </span>
              <span>{t('fb_image_add')}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        hidden
        data-testid="feedback-image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onAdd(files);
        }}
      />
      <p id={hintId} className="fb-images__hint">
        {t('fb_images_hint')}
      </p>
      {refusal ? (
        <p className="field__error" role="alert" data-testid="feedback-image-refusal">
          {t(refusal, { 0: FEEDBACK_MAX_IMAGES })}
        </p>
      ) : null}
    </div>
  );
}
