import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { useSettings } from '../../shared/startup/context';
import { useHomeAnnouncements } from './api/announcements';
import { BannerCarousel } from './components/BannerCarousel';
import { NoticeMarquee } from './components/NoticeMarquee';
import { HotAnnouncements } from './components/HotAnnouncements';
import { ServiceColumn } from './components/ServiceColumn';
import { PopupList } from './components/PopupList';
import { DownloadBar } from './components/DownloadBar';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Skeleton } from '../../shared/ui/Skeleton';
import './home.css';

/**
 * Home (spec §2): banners, hot matches, the notice marquee, the game entry area, the service
 * column, the pop-ups. Hot matches and the game entry area belong to the games feature: the app
 * composes them in (app/screens/Home.tsx), and home gives them their place.
 */
/**
 * `unreadCount`: the signed-in member's unread messages (shared/inbox useUnreadCount, handed in by
 * app/screens/Home), not the public cached announcements' footer, which is the same for everyone.
 */
export default function HomeScreen({
  hotMatches,
  games,
  unreadCount = 0,
}: {
  hotMatches?: ReactNode;
  games?: ReactNode;
  unreadCount?: number;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const announcements = useHomeAnnouncements();
  const data = announcements.data;

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  return (
    <div className="home">
      <div className="home__top">
        <DownloadBar />
      </div>
      <div className="home__content" aria-busy={data || announcements.isError ? undefined : true}>
        {data ? (
          data.banners.length > 0 ? (
            <BannerCarousel banners={data.banners} />
          ) : null
        ) : announcements.isError ? (
          <ErrorState
            compact
            testId="home-error"
            error={announcements.error}
            onRetry={() => void announcements.refetch()}
          />
        ) : (
          <Skeleton className="skeleton--banner" radius={16} />
        )}
        {hotMatches}
        {data ? (
          <NoticeMarquee notices={data.player} />
        ) : announcements.isError ? null : (
          <Skeleton height={40} radius={20} />
        )}
        {data && data.hot.length > 0 ? <HotAnnouncements items={data.hot} /> : null}
      </div>
      {games ? (
        <section className="games" aria-labelledby="games-heading">
          <h2 className="section-title" id="games-heading">
            {t('games_heading')}
          </h2>
          {games}
        </section>
      ) : null}
      <footer className="home-footer">
        <span className="home-footer__age" aria-hidden="true">
          {settings.minimumAge}+
        </span>
        <p className="home-footer__text">
          <strong>{t('home_welcome', { name: settings.name })}</strong>
          <span>{t('home_welcome_sub', { age: settings.minimumAge })}</span>
          <span>
            © {new Date().getFullYear()} {settings.name}
          </span>
        </p>
      </footer>
      <ServiceColumn unreadCount={unreadCount} />
      {data && data.popup.length > 0 ? <PopupList popups={data.popup} /> : null}
    </div>
  );
}
