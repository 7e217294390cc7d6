import { useTranslation } from '../../shared/i18n/language';
import type { TStartup } from '@palaro/contract';
import { ShieldArt } from '../../shared/ui/illustrations';
import { StateView } from '../../shared/ui/StateView';
import './system.css';

/** Region restriction: access refused for the visitor's location or IP, both shown. */
export function RegionBlockedScreen({ startup, embedded }: { startup: TStartup; embedded?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <StateView
      testId="region-blocked-screen"
      art={<ShieldArt />}
      title={t('region_title')}
      body={
        <>
          <p className="system-lead">{t('in_access_restricted')}</p>
          <p>{t('region_body')}</p>
          <dl className="system-facts">
            <div>
              <dt>{t('region_ip')}</dt>
              <dd data-testid="region-ip">{startup.location.ip}</dd>
            </div>
            <div>
              <dt>{t('region_country')}</dt>
              <dd data-testid="region-country">{startup.location.country ?? t('region_unknown_country')}</dd>
            </div>
          </dl>
        </>
      }
    />
  );
  return embedded ? content : <main className="gate-screen">{content}</main>;
}
