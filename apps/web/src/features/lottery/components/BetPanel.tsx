import { useMemo, useRef, useState } from 'react';
import { betTypeRule, betStake, MAX_MULTIPLIER, type TBetTypeView, type TLotteryGameDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import {
  betCount,
  MAX_TAPPABLE_OPTIONS,
  optionKindOf,
  optionsOf,
  optionText,
  QUICK_PICKS,
  quickPick,
  slipBet,
  unitStakeChoices,
  type SlipBet,
} from '../lib/slip';
import { useOddsText, useOptionLabel } from '../lib/betTypeText';
import { StakeChips } from './StakeChips';

/** The odds a bet type pays: one figure, or per option (sums, tie) under each option. */
function oddsOf(view: TBetTypeView, option: number): number | null {
  return (
    view.odds.find((entry) => entry.option === option)?.odds ??
    view.odds.find((entry) => entry.option === null)?.odds ??
    null
  );
}

/** Typed numbers for a row too long to tap (lô 3 số): "7 123, 999" → [7, 123, 999] within the row. */
function parseTyped(text: string, row: TBetTypeView['rows'][number]): number[] {
  const values = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((value) => Number.isInteger(value) && value >= row.min && value <= row.max);
  return [...new Set(values)];
}

/**
 * The bet maker: the game's bet types as chips, a picker per row (numbers with the quick picks all,
 * big, small, odd, even, clear; or big/small/odd/even, dragon/tiger/tie), the unit stake and
 * multiplier, and the number of bets and total computed by the contract's rules.
 */
export function BetPanel({ detail, onAdd }: { detail: TLotteryGameDetail; onAdd: (bet: SlipBet) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const optionLabel = useOptionLabel();
  const oddsText = useOddsText();
  const [code, setCode] = useState(detail.betTypes[0]?.code ?? '');
  const view = detail.betTypes.find((each) => each.code === code) ?? detail.betTypes[0];
  const rule = view ? betTypeRule(view.code) : undefined;
  const [picks, setPicks] = useState<number[][]>(() => (view ? view.rows.map(() => []) : []));
  const [typed, setTyped] = useState('');
  const stakes = unitStakeChoices(detail.limits.minUnitStake);
  const [unitStake, setUnitStake] = useState(stakes[0]!);
  const [multiplier, setMultiplier] = useState(1);
  // Keys of the slip's bets made here (their list and remove buttons).
  const slipKeys = useRef(0);

  const chooseType = (next: string) => {
    const nextView = detail.betTypes.find((each) => each.code === next);
    setCode(next);
    setPicks(nextView ? nextView.rows.map(() => []) : []);
    setTyped('');
  };

  const count = useMemo(() => (rule ? betCount(rule, picks) : 0), [rule, picks]);
  const total = betStake(unitStake, multiplier, count);
  if (!view || !rule) return null;
  const kind = optionKindOf(view.code);
  const sameOdds = view.odds.length === 1 ? view.odds[0]!.odds : null;
  // A bet type paid by tiers (6/42): its jackpot tier's pool instead of odds.
  const jackpot = view.tiers?.find((tier) => tier.jackpot !== null)?.jackpot ?? null;

  const toggle = (rowIndex: number, value: number) => {
    setPicks((current) =>
      current.map((row, index) => {
        if (index !== rowIndex) return row;
        if (row.includes(value)) return row.filter((each) => each !== value);
        return row.length >= view.maxPicks ? row : [...row, value];
      }),
    );
  };
  const setRow = (rowIndex: number, values: number[]) =>
    setPicks((current) => current.map((row, index) => (index === rowIndex ? values : row)));

  const add = () => {
    slipKeys.current += 1;
    const bet = slipBet(rule, view, picks, unitStake, multiplier, `bet-${slipKeys.current}`, (rowIndex, value) =>
      optionLabel(kind, view.rows[rowIndex]!, value),
    );
    if (!bet) return;
    onAdd(bet);
    setPicks(view.rows.map(() => []));
    setTyped('');
  };

  return (
    <section className="lt-bet" aria-label={t('lt_tab_bet')} data-testid="lottery-bet-panel">
      <div className="lt-types" role="group" aria-label={t('lt_bet_types')} data-testid="lottery-bet-types">
        {detail.betTypes.map((each) => (
          <button
            key={each.code}
            type="button"
            className={`lt-type${each.code === view.code ? ' is-active' : ''}`}
            aria-pressed={each.code === view.code}
            data-testid={`lottery-bet-type-${each.code}`}
            onClick={() => chooseType(each.code)}
          >
            {each.name}
          </button>
        ))}
      </div>
      <p className="lt-bet__wins">
        <span>{view.wins}</span>
        {sameOdds !== null ? (
          <strong className="lt-bet__odds" data-testid="lottery-bet-odds">
            {t('lt_odds', { odds: oddsText(sameOdds) })}
          </strong>
        ) : null}
        {jackpot !== null ? (
          <strong className="lt-bet__odds" data-testid="lottery-bet-jackpot">
            {t('lt_jackpot_pool', { amount: money(jackpot) })}
          </strong>
        ) : null}
      </p>
      {view.rows.map((row, rowIndex) => {
        const options = optionsOf(row);
        const label = kind === 'number' || view.rows.length > 1 ? row.label : view.name;
        if (options.length > MAX_TAPPABLE_OPTIONS) {
          return (
            <div key={`${view.code}-${rowIndex}`} className="lt-row">
              <label className="lt-row__label" htmlFor={`lt-typed-${rowIndex}`}>
                {row.label} ({optionText(row, row.min)}–{optionText(row, row.max)})
              </label>
              <input
                id={`lt-typed-${rowIndex}`}
                className="lt-typed"
                inputMode="numeric"
                value={typed}
                data-testid="lottery-typed"
                onChange={(event) => {
                  setTyped(event.target.value);
                  setRow(rowIndex, parseTyped(event.target.value, row).slice(0, view.maxPicks));
                }}
              />
            </div>
          );
        }
        return (
          <fieldset key={`${view.code}-${rowIndex}`} className="lt-row" data-testid="lottery-row">
            <legend className="lt-row__label">{label}</legend>
            <div className={`lt-options lt-options--${kind}${options.length > 20 ? ' lt-options--dense' : ''}`}>
              {options.map((value) => {
                const on = picks[rowIndex]?.includes(value) ?? false;
                const odds = sameOdds === null && !view.tiers ? oddsOf(view, value) : null;
                return (
                  <button
                    key={value}
                    type="button"
                    className={`lt-option${on ? ' is-on' : ''}`}
                    aria-pressed={on}
                    aria-label={t('lt_pick_option', { row: label, option: optionLabel(kind, row, value) })}
                    data-testid="lottery-option"
                    onClick={() => toggle(rowIndex, value)}
                  >
                    <span className="lt-option__value">{optionLabel(kind, row, value)}</span>
                    {odds !== null ? <span className="lt-option__odds">{oddsText(odds)}×</span> : null}
                  </button>
                );
              })}
            </div>
            {kind === 'number' && options.length >= 6 ? (
              <div className="lt-quick" role="group" aria-label={t('lt_quick_picks', { row: label })}>
                {QUICK_PICKS.map((each) => (
                  <button
                    key={each}
                    type="button"
                    className="lt-quick__btn"
                    data-testid={`lottery-quick-${each}`}
                    onClick={() => setRow(rowIndex, quickPick(row, each, view.maxPicks))}
                  >
                    {t(`lt_quick_${each}`)}
                  </button>
                ))}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <div className="lt-stake">
        <div className="lt-stake__unit" role="group" aria-label={t('lt_unit_stake')}>
          <span className="lt-stake__label" aria-hidden="true">
            {t('lt_unit_stake')}
          </span>
          <StakeChips stakes={stakes} chosen={unitStake} onChoose={setUnitStake} testId="lottery-unit-stake" />
        </div>
        <div className="lt-stake__mult">
          <label className="lt-stake__label" htmlFor="lt-multiplier">
            {t('lt_multiplier')}
          </label>
          <div className="lt-stepper">
            <button
              type="button"
              className="lt-stepper__btn"
              aria-label={t('lt_multiplier_less')}
              disabled={multiplier <= 1}
              onClick={() => setMultiplier((value) => Math.max(1, value - 1))}
            >
              −
            </button>
            <input
              id="lt-multiplier"
              className="lt-stepper__input"
              inputMode="numeric"
              data-testid="lottery-multiplier"
              value={multiplier}
              onChange={(event) => {
                const value = Number.parseInt(event.target.value.replace(/\D/g, ''), 10);
                setMultiplier(Number.isFinite(value) ? Math.min(MAX_MULTIPLIER, Math.max(1, value)) : 1);
              }}
            />
            <button
              type="button"
              className="lt-stepper__btn"
              aria-label={t('lt_multiplier_more')}
              disabled={multiplier >= MAX_MULTIPLIER}
              onClick={() => setMultiplier((value) => Math.min(MAX_MULTIPLIER, value + 1))}
            >
              +
            </button>
          </div>
        </div>
      </div>
      <div className="lt-add">
        <output className="lt-add__summary" data-testid="lottery-bet-summary" aria-live="polite">
          {count > 0 ? t('lt_bet_summary', { count, total: money(total) }) : t('lt_pick_hint')}
        </output>
        <button
          type="button"
          className="btn btn--outline"
          data-testid="lottery-add"
          disabled={count === 0}
          onClick={add}
        >
          {t('lt_add_to_slip')}
        </button>
      </div>
    </section>
  );
}
