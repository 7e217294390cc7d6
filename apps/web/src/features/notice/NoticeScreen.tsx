import { useState } from 'react';
import { Link } from '../../shared/router';
import type { Language, TAnnouncementItem } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import { isExternalLink } from '../../shared/lib/platform';
import { ErrorState } from '../../shared/ui/ErrorState';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { ChevronDownIcon, ChevronRightIcon, SpeakerIcon } from '../../shared/ui/icons';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { CdnImage } from '../../shared/ui/CdnImage';
import { useNotices } from './api/notices';
import './notice.css';

function NoticeItem({
  notice,
  language,
  timeZone,
}: {
  notice: TAnnouncementItem;
  language: Language;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = `notice-body-${notice.id}`;
  return (
    <li className={`notice${open ? ' is-open' : ''}`} data-testid="notice-item">
      <button
        type="button"
        className="notice__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="notice__icon" aria-hidden="true">
          <SpeakerIcon size={18} />
        </span>
        <span className="notice__main">
          <span className="notice__title">{notice.title}</span>
          <time className="notice__date" dateTime={notice.publishedAt}>
            {formatDateTime(notice.publishedAt, language, timeZone)}
          </time>
        </span>
        <ChevronDownIcon size={18} className="notice__chev" />
        <span className="visually-hidden">{open ? t('notice_read_less') : t('notice_read_more')}</span>
      </button>
      <div className="notice__body" id={bodyId} hidden={!open}>
        {notice.imageUrl ? (
          <CdnImage className="notice__image" src={notice.imageUrl} alt="" width={600} height={240} />
        ) : null}
        <p className="notice__content">{notice.content}</p>
        {notice.link ? (
          isExternalLink(notice.link) ? (
            <a className="notice__link" href={notice.link} target="_blank" rel="noopener noreferrer">
              {t('popup_open_link')} <ChevronRightIcon size={14} />
            </a>
          ) : (
            <Link className="notice__link" to={notice.link}>
              {t('popup_open_link')} <ChevronRightIcon size={14} />
            </Link>
          )
        ) : null}
      </div>
    </li>
  );
}

/** /m/notice: the player announcements, newest first, with expandable content. */
export default function NoticeScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const notices = useNotices();

  if (notices.isPending) {
    return (
      <div className="notices" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="notice notice--skeleton">
            <Skeleton width={36} height={36} radius={12} />
            <div className="notice__main">
              <Skeleton width="80%" height={16} />
              <Skeleton width="40%" height={12} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (notices.isError && !notices.data) {
    return <ErrorState testId="notice-error" error={notices.error} onRetry={() => void notices.refetch()} />;
  }

  const items = notices.data.pages.flatMap((page) => page.list);
  if (items.length === 0) {
    return (
      <StateView
        testId="notice-empty"
        art={<EmptyInboxArt />}
        title={t('in_no_announcement')}
        body={<p>{t('notice_empty_body')}</p>}
      />
    );
  }

  return (
    <div className="notices">
      <ul className="notices__list" data-testid="notice-list">
        {items.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} language={language} timeZone={settings.timeZone} />
        ))}
      </ul>
      {notices.hasNextPage ? (
        <button
          type="button"
          className="btn btn--outline btn--block notices__more"
          onClick={() => void notices.fetchNextPage()}
          disabled={notices.isFetchingNextPage}
        >
          {notices.isFetchingNextPage ? t('loading') : t('notice_more')}
        </button>
      ) : (
        <p className="notices__end">{t('notice_end')}</p>
      )}
      {notices.isFetchNextPageError ? (
        <p className="notices__end" role="alert">
          {t('in_unknown_error')}
        </p>
      ) : null}
    </div>
  );
}
