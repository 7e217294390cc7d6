import { useTranslation } from '../../shared/i18n/language';
import { Link, useLocation } from '../../shared/router';
import { WEB_ROUTES, hasHeader } from '@palaro/contract';
import { useRouteMeta } from '../../shared/router/useRouteMeta';
import { BackButton } from '../../shared/ui/BackButton';
import { ConstructionArt } from '../../shared/ui/illustrations';
import { StateView } from '../../shared/ui/StateView';
import './unavailable.css';

/**
 * A screen of the route table that is not built yet: the layout, its proper title and an honest
 * "not yet available" state with a way home. Nothing here pretends to work.
 */
export default function UnavailableScreen() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const name = meta ? t(meta.titleKey) : t('app_name');
  const headerless = !hasHeader(pathname);

  return (
    <div className="unavailable">
      {headerless ? (
        <div className="unavailable__bar">
          <BackButton to={WEB_ROUTES.home} testId="screen-back" />
          <h1 className="unavailable__title" data-testid="screen-title">
            {name}
          </h1>
          <span className="unavailable__spacer" aria-hidden="true" />
        </div>
      ) : null}
      <StateView
        testId="unavailable-screen"
        art={<ConstructionArt />}
        title={t('unavailable_title')}
        body={<p>{t('unavailable_body', { name })}</p>}
        actions={
          <Link className="btn btn--primary" to={WEB_ROUTES.home}>
            {t('go_home')}
          </Link>
        }
      />
    </div>
  );
}
