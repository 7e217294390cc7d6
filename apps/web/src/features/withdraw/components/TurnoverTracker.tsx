import { useTranslation } from 'react-i18next';
import type { TTurnover, TTurnoverItem } from '@palaro/contract';
import { useMoney } from '../../../shared/lib/money';
import { useLanguage } from '../../../shared/i18n/language';
import { formatDate } from '../../../shared/lib/format';
import { useSettings } from '../../../app/startup/context';

const SOURCE_KEYS = { deposit: 'to_source_deposit', bonus: 'to_source_bonus', adjustment: 'to_source_adjustment' } as const;

/** Done as a whole percentage of required, 100 when nothing is required. */
export function turnoverPercent(item: Pick<TTurnoverItem, 'required' | 'done'>): number {
  if (item.required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((item.done / item.required) * 100)));
}

function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="to-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
      <span className={`to-bar__fill${percent >= 100 ? ' is-done' : ''}`} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Required, done and left of the turnover, for the whole and per deposit or bonus, with a progress bar each. */
export function TurnoverTracker({ turnover, verdict, ok }: { turnover: TTurnover; verdict: string; ok: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { language } = useLanguage();
  const timeZone = useSettings().timeZone;
  const open = turnover.items.filter((item) => item.left > 0);
  const done = turnover.items.filter((item) => item.left <= 0);
  const percent = turnoverPercent(turnover);
  return (
    <section className="acc-card to-card" data-testid="turnover-tracker" aria-labelledby="turnover-title">
      <div className="to-head">
        <h2 className="acc-card__title" id="turnover-title">{t('to_title')}</h2>
        <span className="to-head__pct">{percent}%</span>
      </div>
      <Bar percent={percent} label={t('to_title')} />
      <dl className="to-figures">
        <div><dt>{t('to_required')}</dt><dd>{money(turnover.required)}</dd></div>
        <div><dt>{t('to_done')}</dt><dd>{money(turnover.done)}</dd></div>
        <div><dt>{t('to_left')}</dt><dd className={turnover.left > 0 ? 'is-warn' : 'is-pos'} data-testid="turnover-left">{money(turnover.left)}</dd></div>
      </dl>
      <p className={`to-verdict${ok ? ' is-ok' : ''}`} data-testid="withdraw-verdict" role="status">{verdict}</p>
      {open.length > 0 ? (
        <ul className="to-items">
          {open.map((item) => (
            <li key={item.id} className="to-item" data-testid="turnover-item">
              <div className="to-item__head">
                <span className="to-item__src">{t(SOURCE_KEYS[item.source], { amount: money(item.baseAmount) })}</span>
                <span className="to-item__date">{formatDate(item.createdAt, language, timeZone)}</span>
              </div>
              <Bar percent={turnoverPercent(item)} label={t(SOURCE_KEYS[item.source], { amount: money(item.baseAmount) })} />
              <p className="to-item__nums">{t('to_item_progress', { done: money(item.done), required: money(item.required), left: money(item.left) })}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {done.length > 0 ? <p className="to-done-count">{t('to_completed_count', { n: done.length })}</p> : null}
    </section>
  );
}
