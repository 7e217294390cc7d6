import { useState } from 'react';
import { WEB_ROUTES, type TPromotionSummary, type TRewardCentre } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { useQueryClient } from '../../shared/query/react';
import { Link, Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { useToast } from '../../shared/ui/feedback';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { afterPromotionChange, claimPromotion, useRewardCentre } from './api/promotions';
import { CATEGORY_GLYPHS, PromotionCard, ProgressBar } from './components/parts';
import '../../shared/ui/page.css';
import './promotions.css';

/** /m/rewardCenter (REWCEN3): what can be claimed now with one tap, what is in progress, available and claimed. */
export default function RewardCentreScreen() {
  const { language } = useLanguage();
  const session = useSessionInfo();
  const query = useRewardCentre(language, !!session);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  return (
    <div className="acc-page promo-page" data-testid="reward-centre-screen">
      {query.isPending ? (
        <div className="promo-list" aria-busy="true" data-testid="reward-centre-loading">
          <Skeleton height={110} radius={20} />
          <Skeleton height={90} radius={18} />
          <Skeleton height={90} radius={18} />
        </div>
      ) : query.isError ? (
        <ErrorState testId="reward-centre-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Centre centre={query.data} />
      )}
    </div>
  );
}

function Centre({ centre }: { centre: TRewardCentre }) {
  const { t } = useTranslation();
  const money = useMoney();
  const nothing =
    centre.claimable.length + centre.inProgress.length + centre.available.length + centre.claimed.length === 0;
  return (
    <>
      {centre.trial ? (
        <p className="promo-note" role="note" data-testid="promo-trial-note">
          {t('promo_trial')}
        </p>
      ) : null}
      <section className="acc-card promo-turnover" data-testid="reward-turnover">
        <h2 className="acc-card__title">{t('promo_rc_turnover_title')}</h2>
        {centre.turnoverLeft > 0 ? (
          <>
            <p className="promo-turnover__left" data-testid="reward-turnover-left">
              {t('promo_rc_turnover_left', { amount: money(centre.turnoverLeft) })}
            </p>
            {centre.bonusTurnoverLeft > 0 ? (
              <p className="promo-turnover__part">
                {t('promo_rc_bonus_left', { amount: money(centre.bonusTurnoverLeft) })}
              </p>
            ) : null}
            <Link className="promo-link" to={WEB_ROUTES.withdraw}>
              {t('promo_rc_to_withdraw')}
            </Link>
          </>
        ) : (
          <p className="promo-turnover__part">{t('promo_rc_turnover_none')}</p>
        )}
      </section>
      {nothing ? (
        <StateView
          testId="reward-centre-empty"
          art={<span className="promo-empty-art">{CATEGORY_GLYPHS.other}</span>}
          title={t('promo_empty_title')}
          body={t('promo_empty_body')}
        />
      ) : null}
      {centre.claimable.length > 0 ? (
        <Section title={t('promo_rc_claimable')} testId="reward-claimable">
          {centre.claimable.map((item) => (
            <ClaimRow key={item.id} item={item} trial={centre.trial} />
          ))}
        </Section>
      ) : null}
      {centre.inProgress.length > 0 ? (
        <Section title={t('promo_rc_progress')} testId="reward-progress">
          {centre.inProgress.map((item) => (
            <PromotionCard key={item.id} item={item} />
          ))}
        </Section>
      ) : null}
      {centre.available.length > 0 ? (
        <Section title={t('promo_rc_available')} testId="reward-available">
          {centre.available.map((item) => (
            <PromotionCard key={item.id} item={item} />
          ))}
        </Section>
      ) : null}
      {centre.claimed.length > 0 ? <Claimed centre={centre} /> : null}
    </>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="promo-section" data-testid={testId}>
      <h2 className="promo-section__title">{title}</h2>
      <ul className="promo-list">{children}</ul>
    </section>
  );
}

/** A claimable reward with its one-tap claim button. */
function ClaimRow({ item, trial }: { item: TPromotionSummary; trial: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      const result = await claimPromotion(item.id, language);
      void toast.show(t('promo_claimed_toast', { amount: money(result.amount) }), { kind: 'success' });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
    } finally {
      afterPromotionChange(queryClient);
      setBusy(false);
    }
  };
  return (
    <li className="promo-claim" data-testid={`reward-claim-${item.id}`}>
      <span className={`promo-card__mark promo-card__mark--${item.category}`} aria-hidden="true">
        {CATEGORY_GLYPHS[item.category]}
      </span>
      <span className="promo-card__body">
        <span className="promo-card__title">{item.title}</span>
        {item.claimable > 0 ? <span className="promo-card__amount">{money(item.claimable)}</span> : null}
      </span>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={busy || trial}
        onClick={() => void claim()}
        data-testid="reward-claim-button"
      >
        {item.type === 'check_in' ? t('promo_action_check_in') : t('promo_action_claim')}
      </button>
    </li>
  );
}

function Claimed({ centre }: { centre: TRewardCentre }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const timeZone = useSettings().timeZone;
  return (
    <section className="promo-section" data-testid="reward-claimed">
      <h2 className="promo-section__title">{t('promo_rc_claimed')}</h2>
      <ul className="promo-list">
        {centre.claimed.map((item, index) => {
          const done = item.turnoverRequired - item.turnoverLeft;
          const percent = item.turnoverRequired <= 0 ? 100 : Math.floor((done / item.turnoverRequired) * 100);
          return (
            <li
              key={`${item.promotionId}-${index}`}
              className="acc-card promo-claimed"
              data-testid="reward-claimed-item"
            >
              <div className="promo-claimed__top">
                <span className="promo-card__title">{item.title}</span>
                <span className="promo-card__amount">{money(item.amount)}</span>
              </div>
              <p className="promo-claimed__meta">
                {t(`promo_status_${item.status}`)} · {formatDate(item.at, language, timeZone)}
              </p>
              {item.turnoverRequired > 0 ? (
                <>
                  <ProgressBar percent={percent} label={t('promo_turnover')} />
                  <p className="promo-claimed__meta" data-testid="reward-claimed-left">
                    {item.turnoverLeft > 0
                      ? t('promo_rc_left', { amount: money(item.turnoverLeft), required: money(item.turnoverRequired) })
                      : t('promo_rc_left_done')}
                  </p>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
