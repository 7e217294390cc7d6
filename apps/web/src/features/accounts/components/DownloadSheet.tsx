import { useTranslation } from '../../../shared/i18n/language';
import { useSettings } from '../../../shared/startup/context';
import { Modal } from '../../../shared/ui/Modal';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { DownloadIcon, PhoneIcon } from '../../../shared/ui/accountIcons';

const LABELS = { Android: 'download_android', IOS: 'download_ios', MOBILECONFIG: 'download_ios_profile' } as const;

/** The download popup of the member centre: the merchant's app links (settings.resources.downloads). */
export function DownloadSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const links = settings.resources.downloads.filter(
    (link): link is typeof link & { resourceType: keyof typeof LABELS } =>
      link.resourceType in LABELS && Boolean(link.url),
  );
  return (
    <Modal title={t('download_title')} onClose={onClose} testId="download-popup">
      {links.length > 0 ? (
        <ul className="acc-list">
          {links.map((link) => (
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
      ) : (
        <p className="acc-card__intro" data-testid="download-none">
          {t('download_none')}
        </p>
      )}
      {links.some((l) => l.resourceType !== 'Android') ? (
        <p className="acc-card__intro download-hint">{t('download_ios_hint')}</p>
      ) : null}
    </Modal>
  );
}
