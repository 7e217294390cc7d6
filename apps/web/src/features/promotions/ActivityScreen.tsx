import { useMemo, useState } from 'react';
import { PROMOTION_CATEGORIES, WEB_ROUTES, type PromotionCategory } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Tabs } from '../../shared/ui/form';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { usePromotionList } from './api/promotions';
import { CATEGORY_GLYPHS, PromotionCard } from './components/parts';
import '../../shared/ui/page.css';
import './promotions.css';

type Tab = 'all' | PromotionCategory;

/** /m/activity: every promotion the member may see, by category, each with the member's status. */
export default function ActivityScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const session = useSessionInfo();
  const query = usePromotionList(language, !!session);
  const [tab, setTab] = useState<Tab>('all');
  const categories = useMemo(
    () => PROMOTION_CATEGORIES.filter((category) => query.data?.list.some((item) => item.category === category)),
    [query.data],
  );
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  const shown = query.data?.list.filter((item) => tab === 'all' || item.category === tab) ?? [];

  return (
    <div className="acc-page promo-page" data-testid="activity-screen">
      {query.data?.trial ? (
        <p className="promo-note" role="note" data-testid="promo-trial-note">
          {t('promo_trial')}
        </p>
      ) : null}
      <Tabs<Tab>
        label={t('title_activity_centre')}
        active={tab}
        onChange={setTab}
        items={[
          { key: 'all', label: t('promo_tab_all'), testId: 'promo-tab-all' },
          ...categories.map((category) => ({
            key: category,
            label: t(`promo_cat_${category}`),
            testId: `promo-tab-${category}`,
          })),
        ]}
      />
      {query.isPending ? (
        <div className="promo-list" aria-busy="true" data-testid="activity-loading">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height={96} radius={18} />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState testId="activity-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <StateView
          testId="activity-empty"
          art={<span className="promo-empty-art">{CATEGORY_GLYPHS.other}</span>}
          title={t('promo_empty_title')}
          body={t('promo_empty_body')}
        />
      ) : (
        <ul className="promo-list" data-testid="activity-list">
          {shown.map((item) => (
            <PromotionCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
