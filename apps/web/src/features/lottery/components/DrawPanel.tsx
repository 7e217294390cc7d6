import type { TLotteryDraw, TLotteryGameDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useCountdown } from '../lib/countdown';
import { numeroText } from '../lib/numero';
import { Balls } from './Balls';
import { CountdownText } from './Countdown';
import { resultBalls } from './History';
import { GameIcon } from './LotteryItem';
import { AbnormalNotice, OfficialLine } from './Official';
import { LockIcon, ShieldCheckIcon } from './lotteryIcons';

/** The draw on sale: its game and numero, the countdown to its lock (or why it is locked), the last result and how to verify it. */
export function DrawPanel({
  detail,
  lotteryTime,
  lastDraw,
  reveal,
  onVerify,
}: {
  detail: TLotteryGameDetail;
  lotteryTime: readonly [number, number];
  lastDraw: TLotteryDraw | undefined;
  reveal: boolean;
  onVerify: (numero: string) => void;
}) {
  const { t } = useTranslation();
  const { draw, game } = detail;
  // A draw not yet on sale (the next one, opening) counts down to its draw time as well: its times are known.
  const countdown = useCountdown({
    isSale: draw.isSale || draw.state === 'locked' || draw.state === 'scheduled',
    remainTime: draw.remainTime,
    lotteryTime,
    lockTime: game.lockTime,
  });
  const lockView = {
    ...countdown,
    remaining: countdown.untilLock,
    text: countdown.lockText,
    near: countdown.untilLock !== null && countdown.untilLock > 0 && countdown.untilLock < 6000,
  };
  const locked = countdown.locked || draw.state !== 'open';
  const official = game.prizeMode === 'Lott';
  let lockedLabel: string;
  if (draw.state === 'abnormal') lockedLabel = t('lt_sales_stopped');
  else if (draw.state === 'scheduled') lockedLabel = official ? t('lt_waiting_previous') : t('lt_opening');
  else if (countdown.remaining !== null && countdown.remaining > 0) lockedLabel = t('lt_draw_closed');
  else lockedLabel = official ? t('lt_waiting_official') : t('lt_drawing');
  return (
    <section
      className={`lt-draw${locked ? ' is-locked' : ''}`}
      data-testid="lottery-draw"
      data-locked={locked}
      aria-label={t('lt_draw_label', { numero: draw.numero })}
    >
      <div className="lt-draw__head">
        <span className="lt-draw__icon" aria-hidden="true">
          <GameIcon url={game.mobileIconUrl} />
        </span>
        <div className="lt-draw__title">
          <h1 className="lt-draw__name">{game.remark}</h1>
          <span className="lt-draw__numero" data-testid="lottery-draw-numero">
            {t('lt_draw_label', { numero: numeroText(draw.numero) })}
          </span>
        </div>
        <div className="lt-draw__timer">
          {locked ? (
            <>
              <span className="lt-draw__timer-label lt-draw__timer-label--locked">
                <LockIcon size={14} aria-hidden="true" />
                {lockedLabel}
              </span>
              {/* Past its time the draw is being drawn: the label says so, with no placeholder digits. */}
              {countdown.remaining !== null && countdown.remaining > 0 ? (
                <CountdownText view={countdown} testId="lottery-draw-countdown" />
              ) : null}
            </>
          ) : (
            <>
              <span className="lt-draw__timer-label">{t('lt_closes_in')}</span>
              <CountdownText view={lockView} testId="lottery-lock-countdown" label={t('lt_closes_in')} />
            </>
          )}
        </div>
      </div>
      <AbnormalNotice draw={draw} />
      <div className="lt-draw__last">
        <span className="lt-draw__last-label">
          {t('lt_last_result')}
          {lastDraw ? ` · ${numeroText(lastDraw.numero)}` : ''}
        </span>
        {lastDraw?.result ? (
          <Balls
            values={resultBalls(game.family, lastDraw.result)}
            size="lg"
            reveal={reveal}
            testId="lottery-last-result"
            label={t('lt_new_result', { numero: lastDraw.numero, numbers: lastDraw.winningNumber })}
          />
        ) : (
          <span className="lt-item__none">{t('lt_no_result_yet')}</span>
        )}
        {lastDraw?.result ? (
          <button
            type="button"
            className="lt-link"
            data-testid="lottery-verify-last"
            onClick={() => onVerify(lastDraw.numero)}
          >
            <ShieldCheckIcon size={16} aria-hidden="true" />
            {t('lt_verify')}
          </button>
        ) : null}
      </div>
      {draw.seedHash ? (
        <p className="lt-draw__seed">
          <span>{t('lt_seed_hash')}</span>
          <code className="lt-mono" data-testid="lottery-seed-hash">
            {draw.seedHash}
          </code>
        </p>
      ) : (
        <OfficialLine game={game} draw={draw} />
      )}
    </section>
  );
}
