import { useId, useState, type FormEvent } from 'react';
import { APPLICATION_COMMENT_MAX, type TPromotionDetail } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { useQueryClient } from '../../../shared/query/react';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { ImagePicker } from '../../../shared/uploads/ImagePicker';
import { useImageUploads } from '../../../shared/uploads/useImageUploads';
import { afterPromotionChange, applyForPromotion, uploadApplicationImage } from '../api/promotions';

const UPLOADS = { upload: uploadApplicationImage, remove: () => Promise.resolve() };

/** Spec §3 activity application: a comment of at most 140 characters and up to 3 PNG or JPG images. */
export function ApplicationForm({ promotion }: { promotion: TPromotionDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const uploads = useImageUploads(UPLOADS);
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const length = [...comment.trim()].length;
  const tooLong = length > APPLICATION_COMMENT_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return setError(t('in_promo_comment', { 0: APPLICATION_COMMENT_MAX }));
    if (uploads.images.some((image) => image.status === 'uploading')) return setError(t('fb_images_wait'));
    if (uploads.images.some((image) => image.status === 'failed')) return setError(t('fb_images_failed'));
    setError(null);
    setSending(true);
    try {
      await applyForPromotion(promotion.id, language, {
        comment,
        imageIds: uploads.images.flatMap((image) => (image.imageId ? [image.imageId] : [])),
      });
      uploads.clear();
      setComment('');
      afterPromotionChange(queryClient);
      void toast.show(t('promo_applied_toast'), { kind: 'success' });
    } catch (failure) {
      setError(errorText(failure).replace('{{0}}', String(APPLICATION_COMMENT_MAX)));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="acc-card promo-apply" noValidate onSubmit={(e) => void submit(e)} data-testid="promo-apply-form">
      <h2 className="acc-card__title">{t('promo_apply_title')}</h2>
      <label className="promo-label" htmlFor={commentId}>
        {t('promo_comment')}
      </label>
      <textarea
        id={commentId}
        className={`promo-textarea${tooLong ? ' is-invalid' : ''}`}
        rows={3}
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          setError(null);
        }}
        aria-invalid={tooLong}
        data-testid="promo-comment"
      />
      <p className={`promo-count${tooLong ? ' is-over' : ''}`} data-testid="promo-comment-count">
        {t('promo_comment_count', { count: length, max: APPLICATION_COMMENT_MAX })}
      </p>
      <ImagePicker
        images={uploads.images}
        refusal={uploads.refusal}
        onAdd={(files) => void uploads.add(files)}
        onRemove={uploads.remove}
      />
      {error ? (
        <p className="field__error" role="alert" data-testid="promo-apply-error">
          {error}
        </p>
      ) : null}
      <button
        className="btn btn--primary btn--block btn--lg"
        type="submit"
        disabled={sending}
        data-testid="promo-apply-send"
      >
        {t('promo_send')}
      </button>
    </form>
  );
}
