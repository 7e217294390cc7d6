import { STORAGE_KEYS } from '@palaro/contract';
import { useTranslation } from '../i18n/language';
import { readLocal } from '../lib/storage';
import { useSettings } from '../startup/context';
import { Modal } from '../ui/Modal';
import { ChevronRightIcon } from '../ui/icons';
import { DownloadIcon, PhoneIcon } from '../ui/accountIcons';
import { footerGuide, type FooterGuide } from './guide';
import { popupLinks, type AppLinkType } from './rules';
import '../ui/page.css';
import './download.css';

const LABELS = { Android: 'dl_android', IOS: 'dl_ios', MOBILECONFIG: 'dl_ios_profile' } as const satisfies Record<
  AppLinkType,
  string
>;

const GUIDE_TEXT = {
  legacyIos: 'dl_guide_legacy',
  profile: 'dl_guide_profile',
  homeScreenIos: 'dl_guide_ios',
  homeScreen: 'dl_guide_other',
} as const satisfies Record<FooterGuide, string>;

/**
 * The download popup (spec §2 "Download bar and popup"), opened from home's bar and the member
 * centre: the links this device may use (./rules.ts) and the footer guide. The iOS profile, when
 * offered, is the footer's button rather than a line of the list. Open it through
 * LazyDownloadPopup, which loads it and its texts when first shown.
 */
export default function DownloadPopup({ onClose, userAgent = navigator.userAgent }: DownloadPopupProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const links = popupLinks({
    userAgent,
    downloads: settings.resources.downloads,
    webClipFlag: readLocal(STORAGE_KEYS.webClip),
    hideIos: settings.mobileTemplate.hide_ios === '1',
  });
  const guide = footerGuide(userAgent, links);
  const profile = links.find((link) => link.resourceType === 'MOBILECONFIG');
  const apps = links.filter((link) => link !== profile);
  return (
    <Modal title={t('dl_title')} onClose={onClose} testId="download-popup">
      {apps.length > 0 ? (
        <ul className="acc-list">
          {apps.map((link) => (
            <li key={link.resourceType}>
              <a
                className="acc-list__item"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`download-${link.resourceType}`}
              >
                <span className="acc-list__icon">
                  {link.resourceType === 'Android' ? <DownloadIcon size={20} /> : <PhoneIcon size={20} />}
                </span>
                <span className="acc-list__label">{t(LABELS[link.resourceType])}</span>
                <ChevronRightIcon size={18} className="acc-list__chev" />
              </a>
            </li>
          ))}
        </ul>
      ) : profile ? null : (
        <p className="acc-card__intro" data-testid="download-none">
          {t('dl_none')}
        </p>
      )}
      <section className="download-guide" data-testid="download-guide" data-guide={guide}>
        <h3 className="download-guide__title">{t(guide === 'legacyIos' ? 'dl_ios_profile' : 'dl_guide_title')}</h3>
        <p className="download-guide__text">{t(GUIDE_TEXT[guide])}</p>
        {profile && guide === 'profile' ? (
          <a
            className="btn btn--primary btn--block"
            href={profile.url}
            data-testid="download-MOBILECONFIG"
            // A profile is a file Safari hands to Settings: downloaded in this tab, not opened in another.
            download
          >
            <PhoneIcon size={18} />
            {t('dl_guide_profile_button')}
          </a>
        ) : null}
      </section>
    </Modal>
  );
}

export interface DownloadPopupProps {
  onClose: () => void;
  /** The device's User-Agent (the page's own by default). */
  userAgent?: string;
}
