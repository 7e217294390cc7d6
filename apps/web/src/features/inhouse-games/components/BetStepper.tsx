import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { stepBet } from '../lib/betSteps';
import { playSound } from '../lib/sound';
import { MinusIcon, PlusIcon } from './gameIcons';

/** The bet: − and + move between the server's bet steps; the amount in between is read out. */
export function BetStepper({
  steps,
  bet,
  onChange,
  disabled,
  label,
  testId = 'inhouse-bet',
}: {
  steps: readonly number[];
  bet: number;
  onChange: (bet: number) => void;
  disabled?: boolean;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const lower = stepBet(steps, bet, -1);
  const higher = stepBet(steps, bet, 1);
  const change = (next: number | null) => {
    if (next === null) return;
    playSound('tap');
    onChange(next);
  };
  return (
    <div className="ig-stepper" role="group" aria-labelledby={`${id}-label`} data-testid={testId}>
      <span className="ig-stepper__label" id={`${id}-label`}>
        {label ?? t('ig_bet')}
      </span>
      <div className="ig-stepper__row">
        <button
          type="button"
          className="ig-stepper__btn"
          aria-label={t('ig_bet_lower')}
          data-testid={`${testId}-lower`}
          disabled={disabled || lower === null}
          onClick={() => change(lower)}
        >
          <MinusIcon size={20} />
        </button>
        <output className="ig-stepper__value" data-testid={`${testId}-value`} aria-live="polite">
          {money(bet)}
        </output>
        <button
          type="button"
          className="ig-stepper__btn"
          aria-label={t('ig_bet_higher')}
          data-testid={`${testId}-higher`}
          disabled={disabled || higher === null}
          onClick={() => change(higher)}
        >
          <PlusIcon size={20} />
        </button>
      </div>
    </div>
  );
}
