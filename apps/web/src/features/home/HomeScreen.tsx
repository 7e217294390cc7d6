import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { useSettings } from '../../shared/startup/context';
import { useHomeAnnouncements } from './api/announcements';
import { BannerCarousel } from './components/BannerCarousel';
import { NoticeMarquee } from './components/NoticeMarquee';
import { ServiceColumn } from './components/ServiceColumn';
import { PopupList } from './components/PopupList';
import { GameEntry } from './components/GameEntry';
import { DownloadBar } from './components/DownloadBar';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Skeleton } from '../../shared/ui/Skeleton';
import './home.css';

export default function HomeScreen() {
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
      {data ? (
        <div className="home__content">
          {data.banners.length > 0 ? <BannerCarousel banners={data.banners} /> : null}
          <NoticeMarquee notices={data.player} />
        </div>
      ) : announcements.isError ? (
        <ErrorState compact testId="home-error" error={announcements.error} onRetry={() => void announcements.refetch()} />
      ) : (
        <div className="home__content" aria-busy="true">
          <Skeleton className="skeleton--banner" radius={16} />
          <Skeleton height={40} radius={20} />
        </div>
      )}
      <GameEntry />
      <footer className="home-footer">
        <span className="home-footer__age" aria-hidden="true">{settings.minimumAge}+</span>
        <p className="home-footer__text">
          <strong>{t('home_welcome', { name: settings.name })}</strong>
          <span>{t('home_welcome_sub', { age: settings.minimumAge })}</span>
          <span>© {new Date().getFullYear()} {settings.name}</span>
        </p>
      </footer>
      <ServiceColumn unreadCount={data?.footer.unreadCount ?? 0} />
      {data && data.popup.length > 0 ? <PopupList popups={data.popup} /> : null}
    </div>
  );
}
