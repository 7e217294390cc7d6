import {
  positionValues,
  type Language,
  type TLotteryDraw,
  type TLotteryGame,
  type TOfficialDrawVerification,
} from '@palaro/contract';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { Balls } from './Balls';
import { ShieldCheckIcon } from './lotteryIcons';

const LOCALES: Record<Language, string> = { EN: 'en-PH', TY: 'fil-PH' };

/** The official draw's city as players name it: the time zone's last part (Asia/Ho_Chi_Minh → Ho Chi Minh). */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/** A moment as the official draw's clock shows it: weekday and time in its time zone (Thu 21:00). */
export function officialTime(at: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** The weekdays of a schedule in the player's language (0 = Sunday), in week order. */
export function weekdayNames(weekdays: readonly number[], language: Language): string[] {
  // 4 January 2026 is a Sunday: day n of that week names weekday n.
  const format = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', timeZone: 'UTC' });
  return [...weekdays].sort((a, b) => a - b).map((day) => format.format(new Date(Date.UTC(2026, 0, 4 + day))));
}

/**
 * Under a traditional game's draw: that its result is the official draw's (no seed), when this
 * draw is on the official clock, and the schedule (days and times, in the official city's time).
 */
export function OfficialLine({ game, draw }: { game: TLotteryGame; draw: TLotteryDraw }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const schedule = game.schedule;
  if (!schedule) return null;
  const city = zoneCity(schedule.timeZone);
  const days =
    schedule.weekdays.length === 0 ? t('lt_every_day') : weekdayNames(schedule.weekdays, language).join(', ');
  return (
    <div className="lt-draw__official" data-testid="lottery-official">
      <p className="lt-draw__official-when">
        {t('lt_official_draw_at', { time: officialTime(draw.drawsAt, schedule.timeZone, language), city })}
      </p>
      <p className="lt-draw__official-note">
        {t('lt_official_schedule', { days, times: schedule.times.join(', '), city })} · {t('lt_official_source')}
      </p>
    </div>
  );
}

/** An abnormal draw: sales stopped, and why, with what happens to the bets on it. */
export function AbnormalNotice({ draw }: { draw: TLotteryDraw }) {
  const { t } = useTranslation();
  if (draw.state !== 'abnormal') return null;
  const reason = draw.abnormal?.reason ?? 'late';
  return (
    <div className="lt-abnormal" role="status" data-testid="lottery-abnormal" data-reason={reason}>
      <strong className="lt-abnormal__title">{t('lt_abnormal_title')}</strong>
      <p className="lt-abnormal__body">{t(`lt_abnormal_${reason}`)}</p>
    </div>
  );
}

/**
 * A traditional draw's verification: no seed to recompute — the result is the official draw's,
 * entered by one operator and confirmed by a second (both named, with when), or received from the
 * official feed.
 */
export function OfficialVerification({ data }: { data: TOfficialDrawVerification }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const when = (at: number) =>
    new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <div className="lt-verify" data-testid="lottery-verify-official">
      <p className="lt-verify__intro">{t('lt_verify_official_intro')}</p>
      <dl className="lt-verify__facts">
        <dt>{t('lt_announced')}</dt>
        <dd>
          <Balls values={positionValues(data.family, data.result).map(String)} size="sm" />
        </dd>
        <dt>{t('lt_official_numbers')}</dt>
        <dd className="lt-mono">{data.winningNumber}</dd>
        <dt>{t('lt_official_held')}</dt>
        <dd>{when(data.drawsAt)}</dd>
        {data.source === 'feed' ? (
          <>
            <dt>{t('lt_official_feed')}</dt>
            <dd className="lt-mono">{data.enteredBy}</dd>
            <dt>{t('lt_official_received')}</dt>
            <dd>{when(data.enteredAt)}</dd>
          </>
        ) : (
          <>
            <dt>{t('lt_official_entered')}</dt>
            <dd data-testid="lottery-verify-entered">
              {t('lt_official_by_at', { name: data.enteredBy, at: when(data.enteredAt) })}
            </dd>
            <dt>{t('lt_official_confirmed')}</dt>
            <dd data-testid="lottery-verify-confirmed">
              {data.confirmedBy && data.confirmedAt
                ? t('lt_official_by_at', { name: data.confirmedBy, at: when(data.confirmedAt) })
                : t('lt_official_unconfirmed')}
            </dd>
          </>
        )}
        <dt>{t('lt_official_tickets')}</dt>
        <dd>{data.ticketCount}</dd>
      </dl>
      <p className="lt-verdict is-ok" role="status" data-testid="lottery-verify-verdict" data-valid="official">
        <ShieldCheckIcon size={20} aria-hidden="true" />
        {t(data.source === 'feed' ? 'lt_verify_official_verdict_feed' : 'lt_verify_official_verdict')}
      </p>
    </div>
  );
}
