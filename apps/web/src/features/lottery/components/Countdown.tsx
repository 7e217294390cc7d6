import { useTranslation } from '../../../shared/i18n/language';
import type { CountdownView } from '../lib/countdown';

/**
 * h:mm:ss to the draw (spec §4), flagged near under 6 s. The digits change every 500 ms tick, so
 * they are not a live region; the label says what they count.
 */
export function CountdownText({ view, testId, label }: { view: CountdownView; testId?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <time
      className={`lt-countdown${view.near ? ' is-near' : ''}${view.remaining === null || view.remaining <= 0 ? ' is-closed' : ''}`}
      data-testid={testId}
      data-near={view.near || undefined}
      aria-label={`${label ?? t('lt_draw_in')} ${view.text}`}
    >
      {view.text}
    </time>
  );
}
