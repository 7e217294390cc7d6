import { useState } from 'react';
import { MEMBER_TYPES, WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Tabs } from '../../shared/ui/form';
import { Skeleton } from '../../shared/ui/Skeleton';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { useFeedbackPage } from './api/feedback';
import { FeedbackForm } from './components/FeedbackForm';
import { FeedbackList } from './components/FeedbackList';
import '../../shared/ui/page.css';
import './feedback.css';

type Tab = 'write' | 'mine';

/** /m/feedback (FEEDBACK3): send feedback with images, and read the merchant's answers. */
export default function FeedbackScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const query = useFeedbackPage(!!session && !isTrial);
  const [tab, setTab] = useState<Tab>('write');
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial) return <TrialRefused />;

  return (
    <div className="acc-page fb-page" data-testid="feedback-screen">
      <Tabs<Tab>
        label={t('title_feedback')}
        active={tab}
        onChange={setTab}
        items={[
          { key: 'write', label: t('fb_tab_write'), testId: 'feedback-tab-write' },
          { key: 'mine', label: t('fb_tab_mine'), testId: 'feedback-tab-mine' },
        ]}
      />
      {query.isPending ? (
        <div className="fb-skeleton" aria-busy="true" data-testid="feedback-loading">
          <Skeleton height={tab === 'write' ? 120 : 150} radius={20} />
          <Skeleton height={tab === 'write' ? 220 : 150} radius={20} />
        </div>
      ) : query.isError ? (
        <ErrorState testId="feedback-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : tab === 'write' ? (
        <>
          <p className="fb-intro">{t('fb_intro')}</p>
          <FeedbackForm rules={query.data.rules} onSent={() => setTab('mine')} />
        </>
      ) : (
        <FeedbackList list={query.data.list} onWrite={() => setTab('write')} />
      )}
    </div>
  );
}
