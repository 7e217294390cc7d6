import { useMemo, useState } from 'react';
import type { TLotteryGameDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { boardBet, entertainmentBoard, type BoardButton, type BoardLine } from '../lib/board';
import { optionText, unitStakeChoices, type SlipBet } from '../lib/slip';
import { useOddsText } from '../lib/betTypeText';
import { StakeChips } from './StakeChips';

/** Odds on a board button: two places are what fits (and what two-sided boards show). */
const BUTTON_ODDS_DECIMALS = 2;

/**
 * The Entertainment play type: the two-sided board (lib/board.ts). The stake per bet is chosen once
 * above it; each button shows its option and odds and puts that one bet on the slip, or takes it
 * off (it stays lit while it is on the slip).
 */
export function EntertainmentBoard({
  detail,
  slip,
  onToggle,
}: {
  detail: TLotteryGameDetail;
  slip: readonly SlipBet[];
  onToggle: (bet: SlipBet) => void;
}) {
  const { t } = useTranslation();
  const blocks = useMemo(() => entertainmentBoard(detail.betTypes), [detail.betTypes]);
  const stakes = unitStakeChoices(detail.limits.minUnitStake);
  const [unitStake, setUnitStake] = useState(stakes[0]!);
  const onSlip = new Set(slip.map((bet) => bet.key));
  const oddsText = useOddsText();
  const buttonOdds = (odds: number) => oddsText(odds, BUTTON_ODDS_DECIMALS);

  const label = (button: BoardButton) => {
    if (button.kind === 'side') return t(`lt_side_${button.option}`);
    if (button.kind === 'duel') return t(`lt_dt_${button.option}`);
    const view = detail.betTypes.find((each) => each.code === button.betType)!;
    return optionText(view.rows[button.row]!, button.option);
  };
  const tap = (button: BoardButton) => {
    const view = detail.betTypes.find((each) => each.code === button.betType)!;
    onToggle(
      boardBet(view, button, unitStake, label(button), button.odds === null ? null : `${buttonOdds(button.odds)}×`),
    );
  };

  const renderLine = (line: BoardLine, caption: string | null) => (
    <div key={`${line.betType}-${line.buttons[0]?.row ?? 0}`} className="lt-board__line">
      {caption ? <span className="lt-board__caption">{caption}</span> : null}
      <div
        className={`lt-board__buttons lt-board__buttons--${line.kind}${line.buttons.length > 12 ? ' lt-board__buttons--dense' : ''}`}
      >
        {line.buttons.map((button) => {
          const on = onSlip.has(button.key);
          const text = label(button);
          return (
            <button
              key={button.key}
              type="button"
              className={`lt-board__btn${on ? ' is-on' : ''}`}
              aria-pressed={on}
              aria-label={t('lt_board_pick', {
                where: caption ?? line.title,
                option: text,
                odds: button.odds === null ? '' : buttonOdds(button.odds),
              })}
              data-testid="lottery-board-option"
              data-key={button.key}
              onClick={() => tap(button)}
            >
              <span className="lt-board__value">{text}</span>
              {button.odds !== null ? <span className="lt-board__odds">{buttonOdds(button.odds)}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );

  return (
    <section className="lt-board" aria-label={t('lt_play_Entertainment')} data-testid="lottery-board">
      <div className="lt-stake lt-board__stake" role="group" aria-label={t('lt_board_stake')}>
        <span className="lt-stake__label" aria-hidden="true">
          {t('lt_board_stake')}
        </span>
        <StakeChips stakes={stakes} chosen={unitStake} onChoose={setUnitStake} testId="lottery-board-stake" />
        <p className="lt-board__hint">{t('lt_board_hint')}</p>
      </div>
      {blocks.map((block) => (
        <fieldset key={block.key} className="lt-row lt-board__block" data-testid="lottery-board-block">
          <legend className="lt-row__label">{block.title || t('lt_board_whole_draw')}</legend>
          {block.lines.map((line) =>
            renderLine(line, block.title === '' || line.title !== block.title ? line.title : null),
          )}
        </fieldset>
      ))}
    </section>
  );
}
