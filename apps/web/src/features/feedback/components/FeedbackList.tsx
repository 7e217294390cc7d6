import { feedbackImagePath, type TFeedbackItem } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { formatDateTime } from '../../../shared/lib/format';
import { useSettings } from '../../../shared/startup/context';
import { StateView } from '../../../shared/ui/StateView';
import { EmptyInboxArt } from '../../../shared/ui/illustrations';

/** The member's feedback, latest first, each with its status and, once given, the operator's answer. */
export function FeedbackList({ list, onWrite }: { list: TFeedbackItem[]; onWrite: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const timeZone = useSettings().timeZone;
  if (list.length === 0)
    return (
      <StateView
        testId="feedback-empty"
        art={<EmptyInboxArt />}
        title={t('fb_empty_title')}
        body={<p>{t('fb_empty')}</p>}
        actions={
          <button type="button" className="btn btn--primary" onClick={onWrite}>
            {t('fb_write')}
          </button>
        }
      />
    );
  return (
    <ul className="fb-list" data-testid="feedback-list">
      {list.map((item) => (
        <li key={item.id} className="acc-card fb-item" data-testid="feedback-item" data-status={item.status}>
          <header className="fb-item__head">
            <span className="fb-item__category">{t(`fb_category_${item.category}`)}</span>
            <span className={`fb-status fb-status--${item.status}`} data-testid="feedback-status">
              {t(`fb_status_${item.status}`)}
            </span>
          </header>
          <time className="fb-item__time" dateTime={item.createdAt}>
            {formatDateTime(item.createdAt, language, timeZone)}
          </time>
          <p className="fb-item__content">{item.content}</p>
          {item.imageIds.length > 0 ? (
            <ul className="fb-item__images">
              {item.imageIds.map((imageId, index) => (
                <li key={imageId}>
                  <img
                    className="fb-item__image"
                    src={feedbackImagePath(imageId)}
                    alt={t('fb_image_alt', { index: index + 1 })}
                    loading="lazy"
                    width={64}
                    height={64}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {item.answer ? (
            <div className="fb-answer" data-testid="feedback-answer">
              <p className="fb-answer__title">{t('fb_answer')}</p>
              <p className="fb-answer__text">{item.answer}</p>
              {item.answeredAt ? (
                <time className="fb-item__time" dateTime={item.answeredAt}>
                  {formatDateTime(item.answeredAt, language, timeZone)}
                </time>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
