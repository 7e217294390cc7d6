import { useEffect, useState } from 'react';
import type { TWinnerBoard } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Modal } from '../../../shared/ui/Modal';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { ChevronRightIcon, CrownIcon } from '../../../shared/ui/icons';
import { useWinnerBoard } from '../api/winners';
import { numeroText } from '../lib/numero';

type Winner = TWinnerBoard['winners'][number];

/** How long the menu's ticker shows each winner. */
export const TICKER_STEP_MS = 3500;
const SKELETON_ROWS = 4;

/** The board's rows as the server sorts them (largest win first): rank, masked name, game and draw, amount. */
export function WinnerList({ winners, showGame }: { winners: readonly Winner[]; showGame: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <ol className="lt-winners" data-testid="lottery-winners">
      {winners.map((winner, index) => (
        <li key={`${winner.gameCode}-${winner.numero}-${index}`} className="lt-winner" data-testid="lottery-winner">
          <span className={`lt-winner__rank${index < 3 ? ` lt-winner__rank--${index + 1}` : ''}`}>
            <span className="visually-hidden">{t('lt_winner_rank', { rank: index + 1 })}</span>
            <span aria-hidden="true">{index + 1}</span>
          </span>
          <span className="lt-winner__who">
            <span className="lt-winner__name" translate="no" data-testid="lottery-winner-name">
              {winner.userName}
            </span>
            <span className="lt-winner__where">
              {showGame ? (
                <>
                  <span translate="no">{winner.remark}</span> ·{' '}
                </>
              ) : null}
              {numeroText(winner.numero)}
            </span>
          </span>
          <strong className="lt-winner__amount" data-testid="lottery-winner-amount">
            {money(winner.winAmount)}
          </strong>
        </li>
      ))}
    </ol>
  );
}

/**
 * A winner board from the server's real settled wins (names masked, largest first): one game's
 * (`gameCode`) or every game's (null), with its loading, error and empty states.
 */
export function WinnerBoard({ gameCode }: { gameCode: string | null }) {
  const { t } = useTranslation();
  const board = useWinnerBoard(gameCode);
  if (board.isPending) {
    return (
      <div className="lt-winners lt-winners--loading" aria-busy="true" data-testid="lottery-winners-loading">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} height={52} radius={14} />
        ))}
      </div>
    );
  }
  if (board.isError)
    return (
      <ErrorState compact error={board.error} onRetry={() => void board.refetch()} testId="lottery-winners-error" />
    );
  if (board.data.winners.length === 0) {
    return (
      <div className="lt-winners-empty" data-testid="lottery-winners-empty">
        <CrownIcon size={28} aria-hidden="true" />
        <p>{t('lt_winners_empty')}</p>
      </div>
    );
  }
  return <WinnerList winners={board.data.winners} showGame={gameCode === null} />;
}

/**
 * The menu's winner ticker: one winner at a time, the next every TICKER_STEP_MS (sliding up unless
 * the player asked for less motion); a tap opens the whole board. Nothing while loading fails, so a
 * board that cannot load never gets in the way of the games.
 */
export function WinnerTicker() {
  const { t } = useTranslation();
  const money = useMoney();
  const board = useWinnerBoard(null);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const winners = board.data?.winners ?? [];
  const count = winners.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), TICKER_STEP_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (board.isError) return null;
  if (board.isPending) return <Skeleton height={48} radius={999} />;
  const winner = count > 0 ? winners[index % count]! : null;
  return (
    <>
      <button
        type="button"
        className="lt-ticker"
        data-testid="lottery-winner-ticker"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="lt-ticker__icon" aria-hidden="true">
          <CrownIcon size={18} />
        </span>
        <span className="lt-ticker__label">{t('lt_winners_title')}</span>
        <span className="lt-ticker__viewport">
          {winner ? (
            <span key={index} className="lt-ticker__line" data-testid="lottery-ticker-line">
              <span className="visually-hidden">
                {t('lt_winner_line', { name: winner.userName, amount: money(winner.winAmount), game: winner.remark })}
              </span>
              <span className="lt-ticker__who" aria-hidden="true">
                <b translate="no">{winner.userName}</b>
                <span className="lt-ticker__game" translate="no">
                  {winner.remark}
                </span>
              </span>
              <strong className="lt-ticker__amount" aria-hidden="true">
                {money(winner.winAmount)}
              </strong>
            </span>
          ) : (
            <span className="lt-ticker__line lt-ticker__line--empty" data-testid="lottery-ticker-empty">
              {t('lt_winners_ticker_empty')}
            </span>
          )}
        </span>
        <ChevronRightIcon size={16} className="lt-ticker__chev" aria-hidden="true" />
      </button>
      {open ? (
        <Modal title={t('lt_winners_title')} onClose={() => setOpen(false)} testId="lottery-winners-sheet">
          <p className="lt-winners__intro">{t('lt_winners_intro')}</p>
          <WinnerBoard gameCode={null} />
        </Modal>
      ) : null}
    </>
  );
}
