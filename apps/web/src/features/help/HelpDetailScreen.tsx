import { WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { Link, useSearchParams } from '../../shared/router';
import { ErrorState } from '../../shared/ui/ErrorState';
import { ChevronRightIcon } from '../../shared/ui/icons';
import { LostArt } from '../../shared/ui/illustrations';
import { RichText } from '../../shared/ui/RichText';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { useHelpCentre } from './api/help';
import { helpDetailPath, tabIndexOf } from './lib/helpTabs';
import './help.css';

/** /m/helpDetail?i=&id=: one article as rich text, then the others of its topic. */
export default function HelpDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const help = useHelpCentre();

  if (help.isPending) {
    return (
      <div className="help-detail" aria-busy="true">
        <Skeleton width="70%" height={24} />
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={14} />
        ))}
      </div>
    );
  }
  if (help.isError && !help.data) {
    return <ErrorState testId="help-error" error={help.error} onRetry={() => void help.refetch()} />;
  }

  const id = params.get('id');
  const categories = help.data.categories;
  const tab = tabIndexOf(params.get('i'), categories.length);
  const categoryIndex = categories.findIndex((category) => category.items.some((item) => item.id === id));
  const category = categories[categoryIndex];
  const article = category?.items.find((item) => item.id === id);
  if (!category || !article) {
    return (
      <StateView
        testId="help-missing"
        art={<LostArt />}
        title={t('help_missing_title')}
        body={<p>{t('help_missing_body')}</p>}
        actions={
          <Link className="btn btn--primary" to={`${WEB_ROUTES.help}?i=${tab}`}>
            {t('help_back_to_list')}
          </Link>
        }
      />
    );
  }
  const others = category.items.filter((item) => item.id !== article.id);

  return (
    <article className="help-detail" data-testid="help-detail">
      <p className="help-detail__topic">{category.title}</p>
      <h2 className="help-detail__title" data-testid="help-detail-title">
        {article.title}
      </h2>
      <RichText className="help-detail__body" html={article.content} testId="help-detail-body" />
      {others.length > 0 ? (
        <section className="help-detail__more" aria-labelledby="help-more-heading">
          <h3 id="help-more-heading">{t('help_more_in', { topic: category.title })}</h3>
          <ul className="help__list">
            {others.map((item) => (
              <li key={item.id}>
                <Link className="help__item" to={helpDetailPath(categoryIndex, item.id)} replace>
                  <span className="help__item-title">{item.title}</span>
                  <ChevronRightIcon size={18} className="help__chev" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
