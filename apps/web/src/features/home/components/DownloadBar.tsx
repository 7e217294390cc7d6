import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { STORAGE_KEYS } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { readLocal, writeLocal } from '../../../shared/lib/storage';
import { isNativeAppShell } from '../../../shared/lib/platform';
import { CloseIcon } from '../../../shared/ui/frameIcons';
import { CdnImage } from '../../../shared/ui/CdnImage';

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * Home's top block: the app download bar (spec §2 "Download bar"). Hidden inside the native app,
 * in an installed web app, when closed before (remembered), or when no link exists for the platform.
 */
export function DownloadBar() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const [closed, setClosed] = useState(() => readLocal(STORAGE_KEYS.hideDownloadBar) === '1');
  const userAgent = navigator.userAgent;
  const link = useMemo(() => {
    const downloads = settings.resources?.downloads ?? [];
    const type = isIos(userAgent) ? 'IOS' : 'Android';
    return downloads.find((d) => d.resourceType === type)?.url ?? null;
  }, [settings.resources, userAgent]);
  const icon = settings.resources?.downloads?.find((d) => d.resourceType === 'AppDownloadIcon')?.url;

  if (closed || !link || isNativeAppShell(userAgent) || isStandalone()) return null;

  const close = () => {
    writeLocal(STORAGE_KEYS.hideDownloadBar, '1');
    setClosed(true);
  };

  return (
    <div className="download-bar" data-testid="download-bar">
      <button type="button" className="download-bar__close" onClick={close} aria-label={t('close')}>
        <CloseIcon size={16} />
      </button>
      {icon ? <CdnImage className="download-bar__icon" src={icon} alt="" width={36} height={36} loading="eager" /> : null}
      <p className="download-bar__text">{(i18n.language === 'TY' && settings.mobileTemplate?.app_desc) || t('download_app_text')}</p>
      <a className="btn btn--primary btn--sm" href={link} target="_blank" rel="noopener noreferrer">{t('download_app')}</a>
    </div>
  );
}
