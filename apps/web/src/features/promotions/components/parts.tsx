import type { PromotionMemberStatus, TPromotionSummary } from '@palaro/contract';
import { WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { Link } from '../../../shared/router';

/** Statuses that ask the member to act, drawn in the accent colour. */
const ACTIONABLE: readonly PromotionMemberStatus[] = ['join', 'claim', 'apply'];
const DONE: readonly PromotionMemberStatus[] = ['claimed', 'issued', 'signed', 'joined'];

export function StatusBadge({ status }: { status: PromotionMemberStatus }) {
  const { t } = useTranslation();
  const tone = ACTIONABLE.includes(status)
    ? 'act'
    : DONE.includes(status)
      ? 'done'
      : status === 'rejected'
        ? 'bad'
        : 'wait';
  return (
    <span className={`promo-badge promo-badge--${tone}`} data-testid="promo-status" data-status={status}>
      {t(`promo_status_${status}`)}
    </span>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="promo-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span className={`promo-bar__fill${percent >= 100 ? ' is-done' : ''}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

export function detailHref(id: number): string {
  return `${WEB_ROUTES.activityInfo}?id=${id}`;
}

/** One promotion in a list: its category mark, title, a line of its terms, its status and what is claimable. */
export function PromotionCard({ item }: { item: TPromotionSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <li>
      <Link className="promo-card" to={detailHref(item.id)} data-testid={`promo-card-${item.id}`}>
        <span className={`promo-card__mark promo-card__mark--${item.category}`} aria-hidden="true">
          {CATEGORY_GLYPHS[item.category]}
        </span>
        <span className="promo-card__body">
          <span className="promo-card__title">{item.title}</span>
          <span className="promo-card__text">{item.description}</span>
          {item.progress !== null && item.status === 'process' ? (
            <ProgressBar percent={item.progress} label={t('promo_progress', { percent: item.progress })} />
          ) : null}
        </span>
        <span className="promo-card__side">
          {item.ineligibleKey && item.ineligibleKey !== 'promo_trial' ? (
            <span className="promo-badge" data-testid="promo-status" data-status="ineligible">
              {t('promo_status_ineligible')}
            </span>
          ) : (
            <StatusBadge status={item.status} />
          )}
          {item.claimable > 0 ? <span className="promo-card__amount">{money(item.claimable)}</span> : null}
        </span>
      </Link>
    </li>
  );
}

export const CATEGORY_GLYPHS: Record<TPromotionSummary['category'], string> = {
  deposit: '₱',
  daily: '✓',
  rebate: '↺',
  referral: '♥',
  vip: '★',
  other: '✦',
};
