import { useTranslation } from '../i18n/language';
import { Link } from '../router';
import { WEB_ROUTES } from '@palaro/contract';
import { StateView } from '../ui/StateView';
import { ShieldArt } from '../ui/illustrations';

/**
 * What a trial (type 4) account sees on a money screen it may not use — deposit, withdraw,
 * transfer: the spec's free_reject message and the way to a real account.
 */
export function TrialRefused() {
  const { t } = useTranslation();
  return (
    <StateView
      testId="trial-refused"
      role="alert"
      art={<ShieldArt />}
      title={t('trial_money_refused_title')}
      body={<p>{t('free_reject')}</p>}
      actions={
        <>
          <Link className="btn btn--primary" to={WEB_ROUTES.register}>
            {t('trial_register_real')}
          </Link>
          <Link className="btn btn--ghost" to={WEB_ROUTES.home}>
            {t('go_home')}
          </Link>
        </>
      }
    />
  );
}
