import { useRouteError } from 'react-router';
import { useTranslation } from '../../shared/i18n/language';
import { OfflineArt } from '../../shared/ui/illustrations';
import { StateView } from '../../shared/ui/StateView';

/** The router's last line: an error outside any screen. Retry reloads the page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error) console.error('route error', error);
  return (
    <main className="gate-screen">
      <StateView
        testId="route-error"
        role="alert"
        art={<OfflineArt />}
        title={t('error_generic_title')}
        body={<p>{t('module_load_failed')}</p>}
        actions={<button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>{t('retry')}</button>}
      />
    </main>
  );
}
