import { useTranslation } from '../../shared/i18n/language';
import { Link } from '../../shared/router';
import { WEB_ROUTES } from '@palaro/contract';
import { LostArt } from '../../shared/ui/illustrations';
import { StateView } from '../../shared/ui/StateView';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StateView
      testId="not-found-screen"
      art={<LostArt />}
      title={t('not_found_title')}
      body={<p>{t('not_found_body')}</p>}
      actions={
        <Link className="btn btn--primary" to={WEB_ROUTES.home}>
          {t('go_home')}
        </Link>
      }
    />
  );
}
