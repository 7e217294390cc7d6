import { useTranslation } from '../../../shared/i18n/language';
import { isExternalLink } from '../../../shared/lib/platform';
import { Link } from '../../../shared/router';
import type { TAnnouncementItem } from '@palaro/contract';
import { SpeakerIcon } from '../../../shared/ui/frameIcons';

/** Home's hot announcements (type H): short cards under the notice marquee, each opening its link. */
export function HotAnnouncements({ items }: { items: TAnnouncementItem[] }) {
  const { t } = useTranslation();
  return (
    <section className="hot-news" aria-labelledby="hot-news-heading" data-testid="hot-announcements">
      <h2 className="hot-news__heading" id="hot-news-heading">
        {t('home_hot_heading')}
      </h2>
      <ul className="hot-news__list">
        {items.map(({ id, title, content, link }) => {
          const inner = (
            <>
              <SpeakerIcon size={16} className="hot-news__icon" aria-hidden="true" />
              <strong>{title}</strong>
              <span>{content}</span>
            </>
          );
          return (
            <li key={id} className="hot-news__item" data-testid="hot-announcement">
              {!link ? (
                <div className="hot-news__body">{inner}</div>
              ) : isExternalLink(link) ? (
                <a className="hot-news__body" href={link} target="_blank" rel="noopener noreferrer">
                  {inner}
                </a>
              ) : (
                <Link className="hot-news__body" to={link}>
                  {inner}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
