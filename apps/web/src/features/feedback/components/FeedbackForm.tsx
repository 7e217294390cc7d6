import { useId, useState, type FormEvent } from 'react';
import {
  countWords,
  ERROR_CODES,
  isWithinWordBounds,
  type FeedbackCategory,
  type TFeedbackRules,
} from '@palaro/contract';
import { ApiError } from '../../../shared/api/client';
import { useTranslation } from '../../../shared/i18n/language';
import { useQueryClient } from '../../../shared/query/react';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { PrimaryAction } from '../../../shared/ui/PrimaryAction';
import { ImagePicker } from '../../../shared/uploads/ImagePicker';
import { useImageUploads } from '../../../shared/uploads/useImageUploads';
import { afterFeedbackSent, removeFeedbackImage, submitFeedback, uploadFeedbackImage } from '../api/feedback';

const UPLOADS = { upload: uploadFeedbackImage, remove: removeFeedbackImage };

/** The feedback form: category, content with its live word count against the merchant's bounds, images. */
export function FeedbackForm({ rules, onSent }: { rules: TFeedbackRules; onSent: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const uploads = useImageUploads(UPLOADS);
  const formId = useId();
  const contentId = useId();
  const countId = useId();
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ category?: string; images?: string }>({});
  // After a refused send the bounds line turns into the error until the text is within them.
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const words = countWords(content);
  const bounds = { 0: rules.minWords, 1: rules.maxWords };
  const wordsText = t('in_feedback_words', bounds);
  const withinBounds = isWithinWordBounds(content, rules);
  const wordsRefused = attempted && !withinBounds;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const uploading = uploads.images.some((image) => image.status === 'uploading');
    const failed = uploads.images.some((image) => image.status === 'failed');
    const next = {
      category: category ? undefined : t('fb_category_required'),
      images: uploading ? t('fb_images_wait') : failed ? t('fb_images_failed') : undefined,
    };
    setErrors(next);
    setAttempted(true);
    if (next.category || next.images || !withinBounds || !category) return;
    setSubmitting(true);
    try {
      await submitFeedback({
        category,
        content,
        imageIds: uploads.images.flatMap((image) => (image.imageId ? [image.imageId] : [])),
      });
      uploads.clear();
      setCategory(null);
      setContent('');
      setAttempted(false);
      afterFeedbackSent(queryClient);
      void toast.show(t('fb_sent'), { kind: 'success' });
      onSent();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      // The merchant's bounds changed since the form loaded: the list's refresh brings the new ones.
      if (code === ERROR_CODES.feedbackWords) afterFeedbackSent(queryClient);
      else if (code === ERROR_CODES.feedbackTooManyImages || code === ERROR_CODES.feedbackImageUnknown)
        setErrors({ images: errorText(error).replace('{{0}}', String(rules.maxImages)) });
      else void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      id={formId}
      className="acc-card fb-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="feedback-form"
    >
      <fieldset className="fb-categories">
        <legend className="fb-label">{t('fb_category')}</legend>
        <div className="fb-categories__list">
          {rules.categories.map((name) => (
            <label key={name} className={`fb-chip${category === name ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="category"
                value={name}
                checked={category === name}
                onChange={() => {
                  setCategory(name);
                  setErrors((shown) => ({ ...shown, category: undefined }));
                }}
                data-testid={`feedback-category-${name}`}
              />
              {t(`fb_category_${name}`)}
            </label>
          ))}
        </div>
        {errors.category ? (
          <p className="field__error" role="alert" data-testid="field-error-category">
            {errors.category}
          </p>
        ) : null}
      </fieldset>

      <div className="fb-content">
        <label className="fb-label" htmlFor={contentId}>
          {t('fb_content')}
        </label>
        <textarea
          id={contentId}
          className="fb-content__input"
          value={content}
          rows={6}
          maxLength={20_000}
          placeholder={t('fb_content_placeholder')}
          aria-describedby={countId}
          aria-invalid={wordsRefused ? true : undefined}
          data-testid="feedback-content"
          onChange={(event) => setContent(event.target.value)}
        />
        <p
          id={countId}
          className={`fb-content__count${content && !withinBounds ? ' is-out' : ''}${wordsRefused ? ' is-refused' : ''}`}
          data-testid="feedback-word-count"
          aria-live="polite"
        >
          <span data-testid={wordsRefused ? 'field-error-content' : undefined}>{wordsText}</span>
          <span>{t('fb_word_count', { count: words })}</span>
        </p>
      </div>

      <ImagePicker
        images={uploads.images}
        refusal={uploads.refusal}
        onAdd={(files) => void uploads.add(files)}
        onRemove={uploads.remove}
      />
      {errors.images ? (
        <p className="field__error" role="alert" data-testid="field-error-images">
          {errors.images}
        </p>
      ) : null}

      <PrimaryAction>
        <button
          type="submit"
          form={formId}
          className="btn btn--primary btn--block btn--lg"
          data-testid="feedback-submit"
          disabled={submitting}
        >
          {t('fb_submit')}
        </button>
      </PrimaryAction>
    </form>
  );
}
