import { useState } from 'react';
import type { TLotteryGame } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { LottoIcon } from '../../../shared/ui/icons';
import { useCountdown, type LotteryTime } from '../lib/countdown';
import { previousNumberView } from '../lib/winningNumber';
import { Balls } from './Balls';
import { CountdownText } from './Countdown';
import { HeartIcon } from './lotteryIcons';
import { numeroText } from '../lib/numero';

/** The game's icon, or the lottery balls when it has none or it does not load. */
export function GameIcon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <LottoIcon size={30} />;
  return <CdnImage src={url} alt="" width={44} height={44} onError={() => setFailed(true)} />;
}

/**
 * One game of the menu (spec §2): icon, name, the countdown to its draw, the draw number, the
 * previous winning number as balls, and the favourite heart. The row itself launches the game; the
 * heart is a separate button beside it (never a button inside a button).
 */
export function LotteryItem({
  game,
  lotteryTime,
  favourite,
  onLaunch,
  onFavourite,
}: {
  game: TLotteryGame;
  lotteryTime: LotteryTime;
  /** undefined for a visitor: the heart leads to sign-in. */
  favourite: boolean | undefined;
  onLaunch: (game: TLotteryGame) => void;
  onFavourite: (game: TLotteryGame) => void;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown({
    isSale: game.isSale,
    remainTime: game.remainTime,
    lotteryTime,
    lockTime: game.lockTime,
  });
  const previous = previousNumberView(game.previousWinningNumber);
  const heartLabel =
    favourite === undefined ? 'lt_favourite_login' : favourite ? 'lt_favourite_remove' : 'lt_favourite_add';
  return (
    <li className="lt-item" data-testid="lottery-item" data-game={game.gameCode}>
      <button type="button" className="lt-item__main" data-testid="lottery-item-open" onClick={() => onLaunch(game)}>
        <span className="lt-item__icon" aria-hidden="true">
          <GameIcon url={game.mobileIconUrl} />
        </span>
        <span className="lt-item__body">
          <span className="lt-item__name">
            {game.remark}
            {game.labelName ? <span className="lt-item__label">{game.labelName}</span> : null}
          </span>
          <span className="lt-item__meta">
            <span className="lt-item__numero" data-testid="lottery-item-numero">
              {t('lt_numero', { numero: numeroText(game.numero) })}
            </span>
            {countdown.locked && countdown.remaining !== null && countdown.remaining > 0 ? (
              <span className="lt-item__lock">{t('lt_locked')}</span>
            ) : null}
          </span>
          {previous ? (
            <Balls
              values={previous.balls}
              size="sm"
              testId="lottery-item-previous"
              label={t('lt_previous', { numbers: previous.spoken })}
            />
          ) : (
            <span className="lt-item__none">{t('lt_no_result_yet')}</span>
          )}
        </span>
        <span className="lt-item__timer">
          <CountdownText view={countdown} testId="lottery-item-countdown" />
        </span>
      </button>
      <button
        type="button"
        className={`lt-item__heart${favourite ? ' is-on' : ''}`}
        data-testid="lottery-item-favourite"
        aria-pressed={favourite === undefined ? undefined : favourite}
        aria-label={t(heartLabel, { name: game.remark })}
        onClick={() => onFavourite(game)}
      >
        <HeartIcon filled={Boolean(favourite)} size={22} />
      </button>
    </li>
  );
}

export function LotteryItemSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="lt-item lt-item--skeleton" aria-hidden="true">
          <span className="lt-item__main">
            <span className="lt-item__icon skeleton" />
            <span className="lt-item__body">
              <span className="skeleton lt-sk-line" />
              <span className="skeleton lt-sk-line lt-sk-line--short" />
              <span className="skeleton lt-sk-balls" />
            </span>
          </span>
        </li>
      ))}
    </>
  );
}
