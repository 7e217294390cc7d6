import { useState } from 'react';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { formatDateTime } from '../../../shared/lib/format';
import { useMoney } from '../../../shared/lib/money';
import { useSettings } from '../../../shared/startup/context';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { useRounds } from '../api/rounds';

/** This game's rounds, newest first: time, bet, win, whether its seed is revealed; a tap verifies one. */
export function RoundsPanel({ sessionToken, onVerify }: { sessionToken: string; onVerify: (roundId: string) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { language } = useLanguage();
  const { timeZone } = useSettings();
  const [pageNo, setPageNo] = useState(1);
  const query = useRounds(sessionToken, pageNo);

  if (query.isPending) {
    return (
      <div className="ig-rounds" data-testid="rounds-loading" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={58} radius={12} />
        ))}
      </div>
    );
  }
  if (query.isError)
    return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} testId="rounds-error" />;
  const { rounds, totalPages } = query.data;
  if (rounds.length === 0)
    return (
      <p className="ig-empty" data-testid="rounds-empty">
        {t('ig_rounds_empty')}
      </p>
    );

  return (
    <div className="ig-rounds">
      <p className="ig-field__hint">{t('ig_rounds_hint')}</p>
      <ul className="ig-rounds__list">
        {rounds.map((round) => {
          const net = round.win - round.bet;
          return (
            <li key={round.roundId}>
              <button
                type="button"
                className="ig-round"
                data-testid="round-item"
                data-round={round.roundId}
                onClick={() => onVerify(round.roundId)}
              >
                <span className="ig-round__main">
                  <span className="ig-round__time">{formatDateTime(round.createdAt, language, timeZone)}</span>
                  <span className="ig-round__id">
                    {round.roundId} · {t('ig_rounds_nonce', { nonce: round.nonce })}
                  </span>
                </span>
                <span className="ig-round__money">
                  <span className="ig-round__bet">{t('ig_rounds_bet', { amount: money(round.bet) })}</span>
                  <span className={`ig-round__net ig-round__net--${net > 0 ? 'up' : net < 0 ? 'down' : 'even'}`}>
                    {money(round.win)}
                  </span>
                </span>
                <span className={`ig-round__seal${round.revealed ? ' ig-round__seal--on' : ''}`}>
                  {round.revealed ? t('ig_rounds_verifiable') : t('ig_rounds_hidden')}
                </span>
                <ChevronRightIcon size={18} />
              </button>
            </li>
          );
        })}
      </ul>
      {totalPages > 1 ? (
        <div className="ig-pager">
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={pageNo <= 1}
            onClick={() => setPageNo(pageNo - 1)}
          >
            {t('ig_rounds_newer')}
          </button>
          <span>{t('ig_rounds_page', { page: pageNo, pages: totalPages })}</span>
          <button
            type="button"
            className="btn btn--sm btn--outline"
            disabled={pageNo >= totalPages}
            onClick={() => setPageNo(pageNo + 1)}
          >
            {t('ig_rounds_older')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
