import { useEffect, useRef } from 'react';
import { WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { Link, useSearchParams } from '../../shared/router';
import { BackButton } from '../../shared/ui/BackButton';
import { LanguageControl } from '../../shared/ui/LanguageControl';
import { useSettings } from '../../shared/startup/context';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { ErrorState } from '../../shared/ui/ErrorState';
import { ChevronRightIcon } from '../../shared/ui/icons';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { useHelpCentre } from './api/help';
import { helpDetailPath, tabIndexOf } from './lib/helpTabs';
import './help.css';

/** /m/help: the help centre's topics as tabs (the query's i, default 0) and their articles' titles. */
export default function HelpScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const help = useHelpCentre();
  const tabs = useRef<HTMLDivElement>(null);
  const categories = help.data?.categories ?? [];
  const active = tabIndexOf(params.get('i'), categories.length);

  useEffect(() => {
    // The chosen tab is kept in view, as the games' category menu does.
    tabs.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [active, categories.length]);

  const choose = (index: number) => setParams({ i: String(index) }, { replace: true });

  let body;
  if (help.isPending) {
    body = (
      <div className="help__panel" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={52} radius={14} />
        ))}
      </div>
    );
  } else if (help.isError && !help.data) {
    body = <ErrorState testId="help-error" error={help.error} onRetry={() => void help.refetch()} />;
  } else if (categories.length === 0) {
    body = (
      <StateView
        testId="help-empty"
        art={<EmptyInboxArt />}
        title={t('help_empty_title')}
        body={<p>{t('help_empty_body')}</p>}
        actions={
          <Link className="btn btn--outline" to={WEB_ROUTES.service}>
            {t('help_contact_service')}
          </Link>
        }
      />
    );
  } else {
    const category = categories[active]!;
    body = (
      <>
        <div className="help__tabs" role="tablist" aria-label={t('help_tabs_label')} ref={tabs}>
          {categories.map((item, index) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`help-tab-${item.id}`}
              aria-selected={index === active}
              aria-controls="help-panel"
              className={`help__tab${index === active ? ' is-active' : ''}`}
              data-testid="help-tab"
              onClick={() => choose(index)}
            >
              {item.title}
            </button>
          ))}
        </div>
        <div className="help__panel" role="tabpanel" id="help-panel" aria-labelledby={`help-tab-${category.id}`}>
          <ul className="help__list" data-testid="help-list">
            {category.items.map((item) => (
              <li key={item.id}>
                <Link className="help__item" to={helpDetailPath(active, item.id)} data-testid="help-item">
                  <span className="help__item-title">{item.title}</span>
                  <ChevronRightIcon size={18} className="help__chev" />
                </Link>
              </li>
            ))}
          </ul>
          <p className="help__more">
            {t('help_still_need')} <Link to={WEB_ROUTES.service}>{t('help_contact_service')}</Link>
          </p>
        </div>
      </>
    );
  }

  return (
    <div className="help" data-testid="help-screen">
      <div className="help__bar">
        <BackButton testId="screen-back" />
        <h1 className="help__title" data-testid="screen-title">
          {t('title_help_centre')}
        </h1>
        <LanguageControl available={settings.languages} />
      </div>
      {body}
    </div>
  );
}
