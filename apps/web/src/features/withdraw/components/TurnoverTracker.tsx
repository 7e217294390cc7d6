import type { TTurnover, TTurnoverItem } from '@palaro/contract';
import { useMoney } from '../../../shared/lib/money';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { formatDate } from '../../../shared/lib/format';
import { useSettings } from '../../../shared/startup/context';

const SOURCE_KEYS = {
  deposit: 'to_source_deposit',
  bonus: 'to_source_bonus',
  adjustment: 'to_source_adjustment',
} as const;
const CHANGE_KEYS = { waived: 'to_status_waived', adjusted: 'to_status_adjusted' } as const;

/** Done as a whole percentage of required, 100 when nothing is required. */
export function turnoverPercent(item: Pick<TTurnoverItem, 'required' | 'done'>): number {
  if (item.required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((item.done / item.required) * 100)));
}

function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="to-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span className={`to-bar__fill${percent >= 100 ? ' is-done' : ''}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** What the operator did to the requirement, when and why, in the member's words. */
function ChangeNote({ item }: { item: TTurnoverItem }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { language } = useLanguage();
  const timeZone = useSettings().timeZone;
  if (!item.change) return null;
  const common = { date: formatDate(item.change.at, language, timeZone), reason: item.change.reason };
  const note =
    item.change.kind === 'waived'
      ? t('to_change_waived', { ...common, waived: money(item.required - item.done) })
      : t('to_change_adjusted', { ...common, from: money(item.originalRequired), to: money(item.required) });
  return (
    <p className="to-item__change" data-testid="turnover-change">
      {note}
    </p>
  );
}

function Requirement({ item }: { item: TTurnoverItem }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { language } = useLanguage();
  const timeZone = useSettings().timeZone;
  const source = t(SOURCE_KEYS[item.source], { amount: money(item.baseAmount) });
  const open = item.completedAt === null;
  return (
    <li
      className={`to-item${open ? '' : ' is-closed'}`}
      data-testid="turnover-item"
      data-state={item.change?.kind ?? (open ? 'open' : 'complete')}
    >
      <div className="to-item__head">
        <span className="to-item__src">
          {source}
          {item.change ? (
            <span className={`to-chip to-chip--${item.change.kind}`}>{t(CHANGE_KEYS[item.change.kind])}</span>
          ) : null}
        </span>
        <span className="to-item__date">{formatDate(item.createdAt, language, timeZone)}</span>
      </div>
      <span className="to-item__ref">{t('to_item_reference', { reference: item.reference })}</span>
      {open ? <Bar percent={turnoverPercent(item)} label={source} /> : null}
      <p className="to-item__nums">
        {t('to_item_progress', { done: money(item.done), required: money(item.required), left: money(item.left) })}
      </p>
      <ChangeNote item={item} />
    </li>
  );
}

/**
 * Required, done and left of the turnover, for the whole and per deposit or bonus, with a progress
 * bar each; requirements the operator waived or adjusted say so, with the reason.
 */
export function TurnoverTracker({ turnover, verdict, ok }: { turnover: TTurnover; verdict: string; ok: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const open = turnover.items.filter((item) => item.completedAt === null);
  const changedAndClosed = turnover.items.filter((item) => item.completedAt !== null && item.change !== null);
  const completed = turnover.items.filter((item) => item.completedAt !== null && item.change === null);
  const shown = [...open, ...changedAndClosed];
  const percent = turnoverPercent(turnover);
  return (
    <section className="acc-card to-card" data-testid="turnover-tracker" aria-labelledby="turnover-title">
      <div className="to-head">
        <h2 className="acc-card__title" id="turnover-title">
          {t('to_title')}
        </h2>
        <span className="to-head__pct">{percent}%</span>
      </div>
      <Bar percent={percent} label={t('to_title')} />
      <dl className="to-figures">
        <div>
          <dt>{t('to_required')}</dt>
          <dd>{money(turnover.required)}</dd>
        </div>
        <div>
          <dt>{t('to_done')}</dt>
          <dd>{money(turnover.done)}</dd>
        </div>
        <div>
          <dt>{t('to_left')}</dt>
          <dd className={turnover.left > 0 ? 'is-warn' : 'is-pos'} data-testid="turnover-left">
            {money(turnover.left)}
          </dd>
        </div>
      </dl>
      <p className={`to-verdict${ok ? ' is-ok' : ''}`} data-testid="withdraw-verdict" role="status">
        {verdict}
      </p>
      {shown.length > 0 ? (
        <ul className="to-items">
          {shown.map((item) => (
            <Requirement key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {completed.length > 0 ? (
        <p className="to-done-count">{t('to_completed_count', { n: completed.length })}</p>
      ) : null}
    </section>
  );
}
