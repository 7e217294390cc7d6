import { useTranslation } from '../../../shared/i18n/language';
import { isExternalLink } from '../../../shared/lib/platform';
import { Link } from '../../../shared/router';
import type { TAnnouncementItem } from '@palaro/contract';
import { ChevronRightIcon, SpeakerIcon } from '../../../shared/ui/frameIcons';

/** Home's hot announcements (type H): short cards under the notice marquee, each opening its link. */
export function HotAnnouncements({ items }: { items: TAnnouncementItem[] }) {
  const { t } = useTranslation();
  return (
    <section className="hot-news" aria-labelledby="hot-news-heading" data-testid="hot-announcements">
      <h2 className="hot-news__heading" id="hot-news-heading">
        {t('home_hot_heading')}
      </h2>
      <ul className="hot-news__list">
        {items.map((item) => {
          const inner = (
            <>
              <span className="hot-news__icon" aria-hidden="true">
                <SpeakerIcon size={16} />
              </span>
              <span className="hot-news__main">
                <span className="hot-news__title">{item.title}</span>
                <span className="hot-news__content">{item.content}</span>
              </span>
              {item.link ? <ChevronRightIcon size={16} className="hot-news__chev" /> : null}
            </>
          );
          return (
            <li key={item.id} data-testid="hot-announcement">
              {!item.link ? (
                <div className="hot-news__item">{inner}</div>
              ) : isExternalLink(item.link) ? (
                <a
                  className="hot-news__item"
                  href={item.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('home_hot_open', { title: item.title })}
                >
                  {inner}
                </a>
              ) : (
                <Link className="hot-news__item" to={item.link} aria-label={t('home_hot_open', { title: item.title })}>
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
