import { useState } from 'react';
import { formatRate, MEMBER_TYPES, WEB_ROUTES, type TManualRebate } from '@palaro/contract';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useMoney } from '../../shared/lib/money';
import { useQueryClient } from '../../shared/query/react';
import { Link, Navigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { useToast } from '../../shared/ui/feedback';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { afterRebateClaimed, claimRebate, useManualRebate } from './api/rewards';
import { CATEGORY_KEYS } from './lib/categories';
import '../../shared/ui/page.css';
import './rewards.css';

/** /m/member/manualRebate (MANPLAYREB3): today's rebate so far per category, claimed with one tap. */
export default function ManualRebateScreen() {
  const session = useSessionInfo();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const query = useManualRebate(!!session && !isTrial);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial) return <TrialRefused />;
  return (
    <div className="rw-page" data-testid="manual-rebate-screen">
      {query.isPending ? (
        <div className="rw-skeleton" aria-busy="true" data-testid="manual-rebate-loading">
          <Skeleton height={188} radius={20} />
          <Skeleton height={64} radius={16} />
          <Skeleton height={64} radius={16} />
        </div>
      ) : query.isError ? (
        <ErrorState testId="manual-rebate-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ManualRebate rebate={query.data} />
      )}
    </div>
  );
}

function ManualRebate({ rebate }: { rebate: TManualRebate }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const money = useMoney();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState(false);
  const played = rebate.today.filter((line) => line.turnover > 0);

  async function claim() {
    setClaiming(true);
    try {
      const result = await claimRebate();
      void toast.show(t('rep_rb_claimed', { amount: money(result.paid) }), { kind: 'success' });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setClaiming(false);
      afterRebateClaimed(queryClient);
    }
  }

  return (
    <>
      <section className="rw-hero" data-testid="manual-rebate-hero">
        <p className="rw-hero__label">{t('rep_rb_claimable')}</p>
        <p className="rw-hero__amount" data-testid="manual-rebate-claimable" data-amount={rebate.claimable}>
          {money(rebate.claimable)}
        </p>
        <p className="rw-hero__meta">
          {t('rep_rb_today_of', { day: formatDate(`${rebate.day}T12:00:00Z`, language, 'UTC') })}
          {rebate.earlierClaimable > 0 ? ` · ${t('rep_rb_earlier', { amount: money(rebate.earlierClaimable) })}` : ''}
        </p>
        {rebate.manualClaim ? (
          <button
            type="button"
            className="btn btn--primary btn--block btn--lg"
            data-testid="manual-rebate-claim"
            disabled={claiming || rebate.claimable < Math.max(1, rebate.minPayout)}
            onClick={() => void claim()}
          >
            {claiming ? t('rep_rb_claiming') : t('rep_rb_claim')}
          </button>
        ) : null}
        <ul className="rw-hero__rules">
          <li>{rebate.autoPay ? t('rep_rb_rule_auto') : t('rep_rb_rule_claim')}</li>
          <li>
            {t('rep_rb_rule_min', { amount: money(rebate.minPayout) })}
            {rebate.dailyCap > 0 ? ` · ${t('rep_rb_rule_cap', { amount: money(rebate.dailyCap) })}` : ''}
          </li>
          {rebate.turnoverPercent > 0 ? (
            <li>{t('rep_rb_rule_turnover', { times: rebate.turnoverPercent / 100 })}</li>
          ) : null}
        </ul>
      </section>

      <section className="rw-section" data-testid="manual-rebate-lines">
        <div className="rw-section__head">
          <h2 className="rw-section__title">{t('rep_rb_by_category')}</h2>
          <Link className="rw-section__link" to={WEB_ROUTES.rebateReport} data-testid="manual-rebate-report-link">
            {t('title_rebate_report')}
          </Link>
        </div>
        {played.length === 0 ? (
          <StateView
            compact
            testId="manual-rebate-empty"
            art={<EmptyInboxArt />}
            title={t('rep_rb_empty_title')}
            body={<p>{t('rep_rb_empty_body')}</p>}
          />
        ) : null}
        {played.length === 0 && rebate.today.length > 0 ? (
          <>
            <h3 className="rw-subtitle">{t('rep_rb_your_rates')}</h3>
            <ul className="rw-rates" data-testid="manual-rebate-rates">
              {rebate.today.map((line) => (
                <li key={line.category}>
                  <span>{CATEGORY_KEYS[line.category] ? t(CATEGORY_KEYS[line.category]!) : line.category}</span>
                  <strong>{formatRate(line.rateBp)}</strong>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <ul className="rw-lines">
          {played.map((line) => (
            <li key={line.category} className="rw-line" data-testid="manual-rebate-line" data-category={line.category}>
              <div className="rw-line__main">
                <p className="rw-line__title">
                  {CATEGORY_KEYS[line.category] ? t(CATEGORY_KEYS[line.category]!) : line.category}
                </p>
                <p className="rw-line__meta">
                  {t('rep_rb_turnover')} {money(line.turnover)} · {formatRate(line.rateBp)}
                </p>
              </div>
              <div className="rw-line__side">
                <p className="rw-line__amount">{money(line.amount)}</p>
                {line.paid > 0 ? (
                  <p className="rw-line__paid">{t('rep_rb_paid_part', { amount: money(line.paid) })}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
