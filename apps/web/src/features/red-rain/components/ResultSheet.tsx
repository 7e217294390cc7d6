import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { moneyText } from '../../../shared/lib/money';
import { Modal } from '../../../shared/ui/Modal';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useRedRainResult } from '../api/redRain';

/** The result sheet: what the member caught (each envelope) and the biggest catches of the rain, names masked. */
export function ResultSheet({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useRedRainResult(eventId);
  const data = query.data;
  const total = data ? data.mine.reduce((sum, row) => sum + row.amount, 0) : 0;
  return (
    <Modal title={t('rr_done_title')} onClose={onClose} testId="rain-result">
      {!data ? (
        query.isError ? (
          <p role="alert">{t('in_unknown_error')}</p>
        ) : (
          <div className="rr-result" aria-busy="true">
            <Skeleton height={90} radius={16} />
            <Skeleton height={120} radius={16} />
          </div>
        )
      ) : (
        <div className="rr-result">
          <div className="rr-result__total">
            <span className="rr-result__envelope" aria-hidden="true" />
            <p className="rr-result__event">{language === 'EN' ? data.event.title.EN : data.event.title.TY}</p>
            {data.mine.length > 0 ? (
              <>
                <strong data-testid="rain-result-total">{moneyText(total, data.currencySymbol)}</strong>
                <span>{t('rr_result_count', { count: data.mine.length })}</span>
              </>
            ) : (
              <span>{t('rr_result_none')}</span>
            )}
          </div>
          {data.mine.length > 0 ? (
            <section>
              <h3 className="rr-result__heading">{t('rr_result_mine')}</h3>
              <ul className="rr-result__chips">
                {data.mine.map((row, index) => (
                  <li key={index}>{moneyText(row.amount, data.currencySymbol)}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {data.best.length > 0 ? (
            <section>
              <h3 className="rr-result__heading">{t('rr_result_best')}</h3>
              <ol className="rr-result__best">
                {data.best.map((row, index) => (
                  <li key={index}>
                    <span className="rr-result__place">{index + 1}</span>
                    <span className="rr-result__name">{row.name}</span>
                    <strong>{moneyText(row.amount, data.currencySymbol)}</strong>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <p className="rr-result__note">{t('rr_result_note')}</p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={onClose}
            data-testid="rain-result-done"
          >
            {t('rr_close')}
          </button>
        </div>
      )}
    </Modal>
  );
}
