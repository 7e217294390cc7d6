import { useTranslation } from '../../shared/i18n/language';
import { decryptCustomerServiceLink, type Language, type TSiteSettings, type TStartup } from '@palaro/contract';
import { formatDateTime } from '../../shared/lib/format';
import { isExternalLink } from '../../shared/lib/platform';
import { ToolsArt } from '../../shared/ui/illustrations';
import { HeadsetIcon } from '../../shared/ui/icons';
import { StateView } from '../../shared/ui/StateView';
import { CdnImage } from '../../shared/ui/CdnImage';
import './system.css';

/** Maintenance: the operator's message, the expected end in the merchant's time zone, a customer-service link. */
export function MaintenanceScreen({
  startup,
  settings,
  embedded,
}: {
  startup: TStartup;
  settings?: Partial<TSiteSettings> | null;
  embedded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'EN' ? 'EN' : 'TY') as Language;
  const until = startup.info.until ? formatDateTime(startup.info.until, language, settings?.timeZone) : '';
  const encrypted = settings?.customerService?.service;
  const serviceLink = encrypted ? decryptCustomerServiceLink(encrypted) : null;
  const message = startup.info.message.trim();

  const content = (
    <StateView
      testId="maintenance-screen"
      art={<ToolsArt />}
      title={t('maintenance_title')}
      body={
        <>
          <p className="system-lead">{t('in_system_upgrading')}</p>
          {message ? <p className="system-message">{message}</p> : null}
          {until ? <p className="system-until">{t('maintenance_until', { time: until })}</p> : null}
        </>
      }
      actions={
        serviceLink ? (
          <a
            className="btn btn--primary"
            href={serviceLink}
            {...(isExternalLink(serviceLink) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <HeadsetIcon size={20} /> {t('maintenance_contact')}
          </a>
        ) : null
      }
    />
  );
  if (embedded) return content;
  return (
    <main className="gate-screen">
      {settings?.logoUrl ? (
        <CdnImage
          className="gate-screen__logo"
          src={settings.logoUrl}
          cdns={settings.imageCDNs ?? []}
          alt={settings.name ?? 'Palaro'}
          width={140}
          height={40}
          loading="eager"
        />
      ) : null}
      {content}
    </main>
  );
}
