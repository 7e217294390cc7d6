import { useState } from 'react';
import { chaseDrawStake, MAX_MULTIPLIER, type TBetTypeView, type TChase, type TChaseDraw } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { Checkbox } from '../../../shared/ui/form';
import { Modal } from '../../../shared/ui/Modal';
import { ChevronDownIcon } from '../../../shared/ui/icons';
import { usePicksText } from '../lib/betTypeText';
import { numeroText } from '../lib/numero';
import { planCost, type ChasePlan } from '../lib/chasePlan';

/** The draw counts offered as one tap. */
export const CHASE_QUICK_DRAWS = [5, 10, 20, 50] as const;
/** How many of the plan's draws the preview lists before "and N more". */
const PREVIEW_DRAWS = 8;

function Stepper({
  value,
  min,
  max,
  onChange,
  label,
  testId,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  return (
    <div className="lt-stepper">
      <button
        type="button"
        className="lt-stepper__btn"
        aria-label={t('lt_less', { name: label })}
        disabled={value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <input
        className="lt-stepper__input"
        inputMode="numeric"
        aria-label={label}
        data-testid={testId}
        value={value}
        onChange={(event) => {
          const typed = Number.parseInt(event.target.value.replace(/\D/g, ''), 10);
          onChange(Number.isFinite(typed) ? clamp(typed) : min);
        }}
      />
      <button
        type="button"
        className="lt-stepper__btn"
        aria-label={t('lt_more', { name: label })}
        disabled={value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
    </div>
  );
}

/**
 * The chase switch under the slip: off, the slip bets on the draw on sale only; on, the same slip
 * on the next draws — how many (quick 5/10/20/50 or typed), the first multiplier and whether it
 * doubles, stop after a win — with each draw's debit and the total explained (only the first draw
 * is taken now, each next one when it opens).
 */
export function ChasePanel({
  on,
  onToggle,
  plan,
  onChange,
  slipStake,
  maxDraws,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  plan: ChasePlan;
  onChange: (plan: ChasePlan) => void;
  /** The slip's stake at multiplier 1 (every bet at its own multiplier). */
  slipStake: number;
  maxDraws: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const set = (change: Partial<ChasePlan>) => onChange({ ...plan, ...change });
  const { first, total, multipliers } = planCost(plan, slipStake);
  return (
    <section className={`lt-chase${on ? ' is-on' : ''}`} aria-labelledby="lt-chase-title" data-testid="lottery-chase">
      <label className="lt-chase__switch">
        <span className="lt-chase__head">
          <span id="lt-chase-title" className="lt-chase__title">
            {t('lt_chase')}
          </span>
          <span className="lt-chase__hint">{t('lt_chase_hint')}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="lt-switch"
          checked={on}
          data-testid="lottery-chase-toggle"
          onChange={(event) => onToggle(event.target.checked)}
        />
      </label>
      {on ? (
        <div className="lt-chase__body">
          <div className="lt-chase__field">
            <span className="lt-stake__label" id="lt-chase-draws">
              {t('lt_chase_draws')}
            </span>
            <div className="lt-chase__draws">
              <div className="lt-stake__chips" role="group" aria-labelledby="lt-chase-draws">
                {CHASE_QUICK_DRAWS.filter((count) => count <= maxDraws).map((count) => (
                  <button
                    key={count}
                    type="button"
                    className={`lt-chip${plan.draws === count ? ' is-on' : ''}`}
                    aria-pressed={plan.draws === count}
                    data-testid={`lottery-chase-draws-${count}`}
                    onClick={() => set({ draws: count })}
                  >
                    {count}
                  </button>
                ))}
              </div>
              <Stepper
                value={plan.draws}
                min={1}
                max={maxDraws}
                onChange={(draws) => set({ draws })}
                label={t('lt_chase_draws')}
                testId="lottery-chase-draws"
              />
            </div>
          </div>
          <div className="lt-chase__field lt-chase__field--row">
            <span className="lt-stake__label">{t('lt_chase_start')}</span>
            <Stepper
              value={plan.start}
              min={1}
              max={MAX_MULTIPLIER}
              onChange={(start) => set({ start })}
              label={t('lt_chase_start')}
              testId="lottery-chase-start"
            />
          </div>
          <div className="lt-chase__field">
            <span className="lt-stake__label" id="lt-chase-plan">
              {t('lt_chase_plan')}
            </span>
            <div className="lt-stake__chips" role="group" aria-labelledby="lt-chase-plan">
              <button
                type="button"
                className={`lt-chip${plan.factor === 1 ? ' is-on' : ''}`}
                aria-pressed={plan.factor === 1}
                data-testid="lottery-chase-flat"
                onClick={() => set({ factor: 1 })}
              >
                {t('lt_chase_flat')}
              </button>
              <button
                type="button"
                className={`lt-chip${plan.factor === 2 ? ' is-on' : ''}`}
                aria-pressed={plan.factor === 2}
                data-testid="lottery-chase-double"
                onClick={() => set({ factor: 2 })}
              >
                {t('lt_chase_double')}
              </button>
            </div>
            {plan.factor === 2 ? (
              <div className="lt-chase__field--row">
                <span className="lt-chase__small">{t('lt_chase_every')}</span>
                <Stepper
                  value={plan.every}
                  min={1}
                  max={Math.max(1, plan.draws)}
                  onChange={(every) => set({ every })}
                  label={t('lt_chase_every')}
                  testId="lottery-chase-every"
                />
              </div>
            ) : null}
          </div>
          <Checkbox checked={plan.stopOnWin} onChange={(stopOnWin) => set({ stopOnWin })} testId="lottery-chase-stop">
            {t('lt_chase_stop_on_win')}
          </Checkbox>
          <ol className="lt-chase__preview" aria-label={t('lt_chase_preview')} data-testid="lottery-chase-preview">
            {multipliers.slice(0, PREVIEW_DRAWS).map((multiplier, index) => (
              <li key={index}>
                <span>{t('lt_chase_draw_n', { n: index + 1 })}</span>
                <b>×{multiplier}</b>
                <span>{money(chaseDrawStake(slipStake, multiplier))}</span>
              </li>
            ))}
            {multipliers.length > PREVIEW_DRAWS ? (
              <li className="lt-chase__more">{t('lt_chase_more', { count: multipliers.length - PREVIEW_DRAWS })}</li>
            ) : null}
          </ol>
          <p className="lt-chase__total" data-testid="lottery-chase-total">
            <span>{t('lt_chase_total', { draws: plan.draws })}</span>
            <strong>{money(total)}</strong>
          </p>
          <p className="lt-chase__note" data-testid="lottery-chase-note">
            {t('lt_chase_note', { first: money(first) })}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** A placed draw reads as its bets' outcome once there is one (won, lost, refunded, cancelled); before that, as placed. */
function settledBetState(draw: TChaseDraw): string | null {
  return draw.state === 'placed' && draw.betState && draw.betState !== 'pending' ? draw.betState : null;
}

/** One chase: its state (and why it stopped), draws placed of all, debited and won, each draw's state; cancel the rest. */
function ChaseCard({
  chase,
  betTypes,
  onCancel,
  cancelling,
}: {
  chase: TChase;
  betTypes: readonly TBetTypeView[];
  onCancel: (chase: TChase) => void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const placed = chase.draws.filter((draw) => draw.state === 'placed').length;
  const waiting = chase.draws.filter((draw) => draw.state === 'waiting').length;
  const picksText = usePicksText();
  const viewOf = (betType: string) => betTypes.find((each) => each.code === betType);
  const names = [...new Set(chase.bets.map((bet) => viewOf(bet.betType)?.name ?? bet.betType))].join(', ');
  const stateText =
    chase.state === 'stopped' && chase.stopReason
      ? t(`lt_chase_stopped_${chase.stopReason}`)
      : t(`lt_chase_state_${chase.state}`);
  return (
    <li className="lt-mybet lt-chasecard" data-testid="lottery-chasecard" data-state={chase.state}>
      <div className="lt-mybet__top">
        <strong className="lt-mybet__type">{names}</strong>
        <span className={`lt-state lt-state--chase-${chase.state}`}>{stateText}</span>
      </div>
      <ul className="lt-chasecard__bets" data-testid="lottery-chase-bets">
        {chase.bets.map((bet, index) => (
          <li key={index} className="lt-mybet__picks" data-testid="lottery-chase-bet">
            {chase.bets.length > 1 ? (
              <span className="lt-chasecard__bet-name">{viewOf(bet.betType)?.name ?? bet.betType}</span>
            ) : null}
            {picksText(bet.betType, viewOf(bet.betType), bet.picks)}
          </li>
        ))}
      </ul>
      <div className="lt-chasecard__facts">
        <span>{t('lt_chase_progress', { placed, draws: chase.draws.length })}</span>
        {chase.stopOnWin ? <span>{t('lt_chase_stops_on_win')}</span> : null}
      </div>
      <div className="lt-mybet__bottom">
        <span>
          {t('lt_chase_debited', { amount: money(chase.debited) })} ·{' '}
          {t('lt_chase_of_total', { amount: money(chase.totalStake) })}
        </span>
        {chase.won > 0 ? (
          <span className="lt-mybet__won">{t('lt_won_amount', { amount: money(chase.won) })}</span>
        ) : null}
      </div>
      <div className="lt-chasecard__actions">
        <button
          type="button"
          className="lt-link"
          aria-expanded={open}
          data-testid="lottery-chase-draws-toggle"
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDownIcon size={16} aria-hidden="true" className={open ? 'lt-rot' : undefined} />
          {open ? t('lt_chase_hide_draws') : t('lt_chase_show_draws')}
        </button>
        {chase.state === 'active' && waiting > 0 ? (
          <button
            type="button"
            className="lt-link lt-link--danger"
            data-testid="lottery-chase-cancel"
            disabled={cancelling}
            onClick={() => onCancel(chase)}
          >
            {t('lt_chase_cancel_rest', { count: waiting })}
          </button>
        ) : null}
      </div>
      {open ? (
        <ol className="lt-chasecard__draws" data-testid="lottery-chase-draw-list">
          {chase.draws.map((draw) => (
            <li key={draw.seq} data-testid="lottery-chase-draw" data-state={draw.state}>
              <span className="lt-chasecard__seq">{draw.seq}</span>
              <span className="lt-chasecard__numero">{numeroText(draw.numero)}</span>
              <span>×{draw.multiplier}</span>
              <span>{money(draw.stake)}</span>
              <span className={`lt-state lt-state--${settledBetState(draw) ?? `chase-${draw.state}`}`}>
                {settledBetState(draw) ? t(`lt_state_${settledBetState(draw)}`) : t(`lt_chase_draw_${draw.state}`)}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** The member's chases of this game; cancelling the rest asks first and says nothing debited comes back twice. */
export function MyChasesList({
  chases,
  betTypes,
  onCancel,
  cancelling,
}: {
  chases: readonly TChase[];
  betTypes: readonly TBetTypeView[];
  onCancel: (chase: TChase) => Promise<void>;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TChase | null>(null);
  if (chases.length === 0)
    return (
      <p className="lt-empty" data-testid="lottery-chases-empty">
        {t('lt_chases_empty')}
      </p>
    );
  const waiting = asking ? asking.draws.filter((draw) => draw.state === 'waiting').length : 0;
  return (
    <>
      <ul className="lt-mybets" data-testid="lottery-chases">
        {chases.map((chase) => (
          <ChaseCard
            key={chase.chaseId}
            chase={chase}
            betTypes={betTypes}
            onCancel={setAsking}
            cancelling={cancelling}
          />
        ))}
      </ul>
      {asking ? (
        <Modal title={t('lt_chase_cancel_title')} onClose={() => setAsking(null)} testId="lottery-chase-cancel-confirm">
          <div className="lt-confirm">
            <p className="lt-confirm__draw">{t('lt_chase_cancel_body', { count: waiting })}</p>
            <div className="lt-confirm__stack">
              <button
                type="button"
                className="btn btn--primary btn--block"
                data-testid="lottery-chase-cancel-ok"
                disabled={cancelling}
                onClick={() => void onCancel(asking).finally(() => setAsking(null))}
              >
                {t('lt_chase_cancel_ok')}
              </button>
              <button type="button" className="btn btn--ghost btn--block" onClick={() => setAsking(null)}>
                {t('lt_keep')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
