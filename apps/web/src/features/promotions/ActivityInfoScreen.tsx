import { useState } from 'react';
import { WEB_ROUTES, type TPromotionDetail } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { useQueryClient } from '../../shared/query/react';
import { Link, Navigate, useSearchParams } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { useToast } from '../../shared/ui/feedback';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { afterPromotionChange, claimPromotion, joinPromotion, usePromotionDetail } from './api/promotions';
import { ApplicationForm } from './components/ApplicationForm';
import { CATEGORY_GLYPHS, ProgressBar, StatusBadge } from './components/parts';
import '../../shared/ui/page.css';
import './promotions.css';

/** /m/activityInfo?id=: one promotion's terms, the member's status and the action it asks for. */
export default function ActivityInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const raw = params.get('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const { language } = useLanguage();
  const query = usePromotionDetail(id, language, !!session && id > 0);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (id === 0)
    return (
      <StateView
        testId="activity-info-unknown"
        art={<span className="promo-empty-art">?</span>}
        title={t('in_promo_unknown')}
        actions={
          <Link className="btn btn--primary" to={WEB_ROUTES.activity}>
            {t('promo_back_to_list')}
          </Link>
        }
      />
    );
  return (
    <div className="acc-page promo-page" data-testid="activity-info-screen">
      {query.isPending ? (
        <div className="promo-list" aria-busy="true" data-testid="activity-info-loading">
          <Skeleton height={150} radius={20} />
          <Skeleton height={200} radius={20} />
        </div>
      ) : query.isError ? (
        <ErrorState testId="activity-info-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PromotionView promotion={query.data} />
      )}
    </div>
  );
}

function PromotionView({ promotion }: { promotion: TPromotionDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const timeZone = useSettings().timeZone;
  const ended = promotion.endsAt ? formatDate(promotion.endsAt, language, timeZone) : null;
  return (
    <>
      <section className={`acc-card promo-hero promo-hero--${promotion.category}`} data-testid="promo-detail">
        <div className="promo-hero__top">
          <span className={`promo-card__mark promo-card__mark--${promotion.category}`} aria-hidden="true">
            {CATEGORY_GLYPHS[promotion.category]}
          </span>
          <StatusBadge status={promotion.status} />
        </div>
        <h1 className="promo-hero__title">{promotion.title}</h1>
        <p className="promo-hero__text">{promotion.description}</p>
        <dl className="promo-terms">
          <div>
            <dt>{t('promo_how')}</dt>
            <dd>{t(`promo_how_${promotion.claimMode}`)}</dd>
          </div>
          <div>
            <dt>{t('promo_period')}</dt>
            <dd>{t(`promo_period_${promotion.period}`)}</dd>
          </div>
          {promotion.turnoverPercent > 0 ? (
            <div>
              <dt>{t('promo_turnover')}</dt>
              <dd data-testid="promo-turnover-terms">
                {t(`promo_turnover_${promotion.turnoverBase}`, { times: promotion.turnoverPercent / 100 })}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('promo_ends')}</dt>
            <dd>{ended ?? t('promo_no_end')}</dd>
          </div>
          {promotion.granted > 0 ? (
            <div>
              <dt>{t('promo_granted')}</dt>
              <dd data-testid="promo-granted">{money(promotion.granted)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {promotion.calendar.length > 0 ? <CheckInCalendar promotion={promotion} /> : null}
      {promotion.tasks.length > 0 && promotion.claimMode !== 'apply' ? <Tasks promotion={promotion} /> : null}
      <Action promotion={promotion} />
    </>
  );
}

function CheckInCalendar({ promotion }: { promotion: TPromotionDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="acc-card" aria-labelledby="promo-calendar-title" data-testid="promo-calendar">
      <h2 className="acc-card__title promo-calendar-title" id="promo-calendar-title">
        {t('promo_calendar')} <span className="promo-streak">{t('promo_streak', { count: promotion.streak })}</span>
      </h2>
      <ol className="promo-days">
        {promotion.calendar.map((day, index) => (
          <li
            key={day.day}
            className={`promo-day${day.signed ? ' is-signed' : ''}${day.today ? ' is-today' : ''}`}
            data-testid="promo-day"
            data-signed={day.signed}
          >
            <span className="promo-day__n">{t('promo_day', { n: index + 1 })}</span>
            <span className="promo-day__mark" aria-hidden="true">
              {day.signed ? '✓' : '₱'}
            </span>
            <span className="promo-day__reward">{money(day.reward)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Tasks({ promotion }: { promotion: TPromotionDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="acc-card" aria-labelledby="promo-tasks-title">
      <h2 className="acc-card__title" id="promo-tasks-title">
        {t('promo_tasks')}
      </h2>
      <ul className="promo-tasks">
        {promotion.tasks.map((task) => {
          const percent = task.target <= 0 ? 100 : Math.min(100, Math.floor((task.done / task.target) * 100));
          const amount = task.kind === 'check_in' ? String : money;
          const label = t(`promo_task_${task.kind}`, { done: amount(task.done), target: amount(task.target) });
          return (
            <li key={task.kind}>
              <span>{label}</span>
              <ProgressBar percent={percent} label={label} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The button or note the member's status asks for; a trial account is told it plays with play money only. */
function Action({ promotion }: { promotion: TPromotionDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (promotion.ineligibleKey)
    return (
      <p className="promo-note" role="note" data-testid="promo-ineligible">
        {t(promotion.ineligibleKey, { level: promotion.minVipLevel, days: promotion.newMemberDays ?? 0 })}
      </p>
    );
  const act = async (kind: 'claim' | 'join') => {
    setBusy(true);
    try {
      if (kind === 'join') {
        await joinPromotion(promotion.id, language);
        void toast.show(t('promo_joined_toast'), { kind: 'success' });
      } else {
        const result = await claimPromotion(promotion.id, language);
        const key = promotion.type === 'check_in' ? 'promo_checked_in_toast' : 'promo_claimed_toast';
        void toast.show(t(key, { amount: money(result.amount) }), { kind: 'success' });
      }
      afterPromotionChange(queryClient);
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
      afterPromotionChange(queryClient);
    } finally {
      setBusy(false);
    }
  };
  const status = promotion.status;
  if (status === 'join' || status === 'claim')
    return (
      <div className="promo-action">
        {status === 'claim' && promotion.claimable > 0 ? (
          <p className="promo-action__amount" data-testid="promo-claimable">
            {t('promo_claimable', { amount: money(promotion.claimable) })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--block btn--lg"
          disabled={busy}
          onClick={() => void act(status)}
          data-testid="promo-action"
        >
          {status === 'join'
            ? t('promo_action_join')
            : promotion.type === 'check_in'
              ? t('promo_action_check_in')
              : t('promo_action_claim')}
        </button>
      </div>
    );
  if (status === 'apply' || status === 'rejected')
    return (
      <>
        {status === 'rejected' && promotion.application ? (
          <p className="promo-note promo-note--bad" role="note" data-testid="promo-rejected">
            {t('promo_rejected_note', { reason: promotion.application.reason ?? '—' })}
          </p>
        ) : null}
        <ApplicationForm promotion={promotion} />
      </>
    );
  const note =
    status === 'applying'
      ? t('promo_applying_note')
      : status === 'claimed' || status === 'issued' || status === 'signed'
        ? t('promo_done_note')
        : status === 'close'
          ? t('promo_closed_note')
          : status === 'coming_soon'
            ? t('promo_soon_note')
            : t(`promo_wait_${promotion.claimMode}`);
  return (
    <div className="promo-action">
      <p className="promo-note" role="note" data-testid="promo-note">
        {note}
      </p>
      {status === 'claimed' || status === 'issued' || status === 'signed' ? (
        <Link className="btn btn--outline btn--block" to={WEB_ROUTES.rewardCenter} data-testid="promo-to-rewards">
          {t('title_reward_centre')}
        </Link>
      ) : null}
    </div>
  );
}
