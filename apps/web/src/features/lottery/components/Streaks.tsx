import { useMemo } from 'react';
import { drawStreaks, type LotteryFamily, type SideRuns, type TLotteryDraw } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';

function Current<S extends string>({ runs, testId }: { runs: SideRuns<S>; testId: string }) {
  const { t } = useTranslation();
  if (!runs.current)
    return (
      <span className="lt-streak__none" data-testid={testId}>
        –
      </span>
    );
  const { side, length } = runs.current;
  return (
    <span
      className={`lt-streak__chip lt-streak__chip--${side === 'big' || side === 'odd' ? 'a' : 'b'}`}
      data-testid={testId}
      data-side={side}
      data-length={length}
    >
      {t(`lt_streak_${side}`)} <b>{length}</b>
    </span>
  );
}

/** The longest run of each side: the first side in the colour of big/odd, the second in that of small/even (the legend says so). */
function Longest<S extends string>({ runs, sides }: { runs: SideRuns<S>; sides: readonly [S, S] }) {
  const { t } = useTranslation();
  return (
    <span className="lt-streak__longest">
      {sides.map((side, index) => (
        <span key={side} className={`lt-streak__max lt-streak__max--${index === 0 ? 'a' : 'b'}`} data-side={side}>
          <span className="visually-hidden">{t(`lt_streak_${side}`)} </span>
          {runs.longest[side]}
        </span>
      ))}
    </span>
  );
}

/**
 * Beside the trend: for every position, the run the newest result is in and the longest run of each
 * side over the results on the board (the contract's drawStreaks), big/small and odd/even. The
 * position the chart shows is highlighted.
 */
export function StreakTable({
  family,
  draws,
  positions,
  selected,
}: {
  family: LotteryFamily;
  /** Newest first, as the results endpoint answers. */
  draws: readonly TLotteryDraw[];
  positions: readonly string[];
  selected: number;
}) {
  const { t } = useTranslation();
  const results = useMemo(() => draws.filter((draw) => draw.result !== null).map((draw) => draw.result!), [draws]);
  const streaks = useMemo(() => drawStreaks(family, results), [family, results]);
  if (results.length === 0) return null;
  return (
    <section className="lt-streaks" aria-labelledby="lt-streaks-title" data-testid="lottery-streaks">
      <div className="lt-streaks__head">
        <h3 id="lt-streaks-title" className="lt-trend__title">
          {t('lt_streak_title')}
        </h3>
        <span className="lt-streaks__over">{t('lt_streak_over', { count: results.length })}</span>
      </div>
      <table className="lt-streaks__table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="lt-streaks__pos">
              <span className="visually-hidden">{t('lt_trend_position')}</span>
            </th>
            <th scope="colgroup" colSpan={2}>
              {t('lt_streak_big_small')}
            </th>
            <th scope="colgroup" colSpan={2}>
              {t('lt_streak_odd_even')}
            </th>
          </tr>
          <tr className="lt-streaks__sub">
            <th scope="col">{t('lt_streak_now')}</th>
            <th scope="col">{t('lt_streak_longest')}</th>
            <th scope="col">{t('lt_streak_now')}</th>
            <th scope="col">{t('lt_streak_longest')}</th>
          </tr>
        </thead>
        <tbody>
          {streaks.map((each, index) => (
            <tr
              key={positions[index] ?? index}
              className={index === selected ? 'is-selected' : undefined}
              data-testid="lottery-streak-row"
            >
              <th scope="row" className="lt-streaks__pos">
                {positions[index] ?? `#${index + 1}`}
              </th>
              <td>
                <Current runs={each.bigSmall} testId="lottery-streak-bs" />
              </td>
              <td>
                <Longest runs={each.bigSmall} sides={['big', 'small']} />
              </td>
              <td>
                <Current runs={each.oddEven} testId="lottery-streak-oe" />
              </td>
              <td>
                <Longest runs={each.oddEven} sides={['odd', 'even']} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="lt-streaks__legend" aria-hidden="true">
        <span className="lt-streaks__key lt-streaks__key--a">{t('lt_streak_legend_a')}</span>
        <span className="lt-streaks__key lt-streaks__key--b">{t('lt_streak_legend_b')}</span>
      </p>
    </section>
  );
}
