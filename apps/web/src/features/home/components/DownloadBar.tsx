import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { STORAGE_KEYS } from '@palaro/contract';
import { loadTextParts } from '../../../shared/i18n';
import { useSettings } from '../../../shared/startup/context';
import { readLocal, writeLocal } from '../../../shared/lib/storage';
import { isNativeAppShell, isStandalone } from '../../../shared/lib/platform';
import { barAction, barLink } from '../../../shared/download/rules';
import { useDownloadPopup } from '../../../shared/download/useDownloadPopup';
import { useConfirm } from '../../../shared/ui/feedback';
import { CloseIcon } from '../../../shared/ui/frameIcons';
import { CdnImage } from '../../../shared/ui/CdnImage';

/**
 * A closed bar is remembered in storage and, for the server, in a cookie of the same name: the
 * server draws the page's frame with the bar where the app will draw it (apps/server/src/modules/web),
 * and only the cookie tells it the player closed the bar.
 */
export const DOWNLOAD_BAR_CLOSED_COOKIE = STORAGE_KEYS.hideDownloadBar;
const ONE_YEAR_SECONDS = 31_536_000;

function closedCookieSet(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${DOWNLOAD_BAR_CLOSED_COOKIE}=1`);
}

function rememberClosed(): void {
  writeLocal(STORAGE_KEYS.hideDownloadBar, '1');
  // Over HTTPS the cookie is marked Secure: never sent in clear text, as scanners of a live site expect.
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${DOWNLOAD_BAR_CLOSED_COOKIE}=1; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}

/** What the server knows of the device when it draws the bar into the page's frame. */
export interface DownloadBarDevice {
  userAgent: string;
  closedBefore: boolean;
}

/**
 * Home's top block: the app download bar (spec §2 "Download bar and popup"). Hidden inside the
 * native app, in an installed web app, when closed before (remembered), or when no link exists for
 * the platform. Its button opens the download popup, or on iOS outside Safari says Safari is
 * needed; the link itself is for a bar the server drew, tapped before the app took it over.
 * In the browser it reads the device itself; the server passes the request's (`device`).
 */
export function DownloadBar({ device }: { device?: DownloadBarDevice }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const [closed, setClosed] = useState(
    () => device?.closedBefore ?? (readLocal(STORAGE_KEYS.hideDownloadBar) === '1' || closedCookieSet()),
  );
  const confirm = useConfirm();
  const userAgent = device?.userAgent ?? navigator.userAgent;
  const { open, popup } = useDownloadPopup(userAgent);
  const link = barLink({
    userAgent,
    downloads: settings.resources?.downloads ?? [],
    webClipFlag: device ? null : readLocal(STORAGE_KEYS.webClip),
    hideIos: settings.mobileTemplate?.hide_ios === '1',
  });
  const icon = settings.resources?.downloads?.find((d) => d.resourceType === 'AppDownloadIcon')?.url;

  // A bar closed before the cookie existed (storage only) is told to the server from now on.
  useEffect(() => {
    if (closed && !closedCookieSet()) rememberClosed();
  }, [closed]);

  if (closed || !link || isNativeAppShell(userAgent) || (!device && isStandalone())) return null;

  const download = (event: MouseEvent) => {
    event.preventDefault();
    if (barAction(userAgent) === 'popup') return open();
    void loadTextParts(['pages']).then(() => confirm({ message: t('dl_needs_safari'), cancelText: null }));
  };

  return (
    <div className="download-bar" data-testid="download-bar">
      <button type="button" className="download-bar__close" onClick={() => setClosed(true)} aria-label={t('close')}>
        <CloseIcon size={16} />
      </button>
      {icon ? (
        <CdnImage className="download-bar__icon" src={icon} alt="" width={36} height={36} loading="eager" />
      ) : null}
      <p className="download-bar__text">
        {(i18n.language === 'TY' && settings.mobileTemplate?.app_desc) || t('download_app_text')}
      </p>
      <a
        className="btn btn--primary btn--sm"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={download}
        data-testid="download-bar-button"
      >
        {t('download_app')}
      </a>
      {popup}
    </div>
  );
}
