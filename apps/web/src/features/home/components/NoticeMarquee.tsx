import { useTranslation } from '../../../shared/i18n/language';
import { useNavigate } from '../../../shared/router';
import { WEB_ROUTES, type TAnnouncementItem } from '@palaro/contract';
import { SpeakerIcon, ChevronRightIcon } from '../../../shared/ui/frameIcons';

/** Characters per second the marquee scrolls at. */
const CHARS_PER_SECOND = 9;

/** Player notices scrolling in one line (CSS animation); a tap opens the announcement list. */
export function NoticeMarquee({ notices }: { notices: TAnnouncementItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titles = notices.map((notice) => notice.title).filter(Boolean);
  const text = titles.join('   •   ');
  const seconds = Math.max(12, Math.round(text.length / CHARS_PER_SECOND));

  return (
    <button
      type="button"
      className="marquee"
      data-testid="notice-marquee"
      aria-label={t('notice_marquee_label')}
      onClick={() => void navigate(WEB_ROUTES.notice)}
    >
      <span className="marquee__icon">
        <SpeakerIcon size={18} />
      </span>
      {titles.length === 0 ? (
        <span className="marquee__empty">{t('in_no_announcement')}</span>
      ) : (
        <span className="marquee__viewport">
          <span className="marquee__track" style={{ animationDuration: `${seconds}s` }}>
            <span className="marquee__text">{text}</span>
            <span className="marquee__text" aria-hidden="true">
              {text}
            </span>
          </span>
        </span>
      )}
      <ChevronRightIcon size={16} className="marquee__chev" />
    </button>
  );
}
