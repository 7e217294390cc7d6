import { useState } from 'react';
import { useQueryClient } from '../../../shared/query/react';
import {
  INHOUSE_ERROR_CODES,
  MINES_CELL_COUNT,
  MINES_GRID_SIZE,
  minesPayout,
  type TInhouseSession,
  type TMinesRoundView,
} from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { ApiError } from '../../../shared/api/client';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { useMinesAction, type MinesAction } from '../api/mines';
import { updateGameSession } from '../api/session';
import { canAfford, highestAffordable, initialBet } from '../lib/betSteps';
import { formatMultiplier } from '../lib/format';
import { playSound } from '../lib/sound';
import { GameShell, type GameSheet } from '../components/GameShell';
import { BetStepper } from '../components/BetStepper';
import { FundsNotice } from '../components/FundsNotice';
import { GameSheets } from '../components/GameSheets';
import { GemArt, MineArt } from './minesArt';
import './mines.css';

const MINE_CHOICES = [1, 3, 5, 10, 24];
const DEFAULT_MINES = 3;

type CellView = 'hidden' | 'pending' | 'gem' | 'mine-hit' | 'mine' | 'gem-left';

/** How each cell shows: hidden, being opened, a found gem; once the round is over, every mine too. */
export function cellViews(round: TMinesRoundView | null, pending: number | null): CellView[] {
  return Array.from({ length: MINES_CELL_COUNT }, (_, cell) => {
    if (!round) return cell === pending ? 'pending' : 'hidden';
    const mine = round.mineCells?.includes(cell) ?? false;
    if (round.revealed.includes(cell)) return mine ? 'mine-hit' : 'gem';
    if (round.status !== 'open') return mine ? 'mine' : 'gem-left';
    return cell === pending ? 'pending' : 'hidden';
  });
}

/**
 * Palaro Mines: choose the bet and how many mines hide in the 5 × 5 field, then open cells; each gem
 * raises the multiplier, a mine ends the round, and cash-out takes the bet times the multiplier.
 * An open round survives a reload (the session brings it back).
 */
export function MinesGame({
  session,
  launchToken,
  back,
}: {
  session: TInhouseSession;
  launchToken: string;
  back: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const action = useMinesAction(session.sessionToken);
  const steps = session.betSteps;
  const rules = session.mines!;

  const [round, setRound] = useState<TMinesRoundView | null>(session.currentRound);
  const [bet, setBet] = useState(() => session.currentRound?.bet ?? initialBet(steps, null));
  const [mines, setMines] = useState(session.currentRound?.mines ?? DEFAULT_MINES);
  const [pending, setPending] = useState<number | null>(null);
  const [problem, setProblem] = useState<'funds' | string | null>(null);
  const [shake, setShake] = useState(0);

  const open = round?.status === 'open';
  const busy = action.isPending;
  const views = cellViews(round, pending);
  const safeFound = open ? round.revealed.length : 0;
  // A cashed-out round keeps its figures on the meter under the result until the next round starts.
  const metered = open || round?.status === 'cashed_out' ? round : null;
  const gemsFound = metered ? metered.revealed.length : 0;
  const nextMultiplier = open ? round.nextMultiplier : metered ? null : (rules.multipliers[mines]?.[1] ?? null);
  const cashOutAmount = open ? round.payout : 0;

  const send = async (request: MinesAction) => {
    setProblem(null);
    try {
      const result = await action.mutateAsync(request);
      setRound(result.round);
      if (result.balance !== null)
        updateGameSession(queryClient, launchToken, { balance: result.balance, fairness: result.fairness });
      else updateGameSession(queryClient, launchToken, { fairness: result.fairness });
      return result.round;
    } catch (error) {
      playSound('refused');
      if (error instanceof ApiError && error.code === INHOUSE_ERROR_CODES.insufficientFunds) setProblem('funds');
      else setProblem(errorText(error));
      return null;
    }
  };

  const start = async () => {
    if (!canAfford(bet, session.balance)) {
      playSound('refused');
      setProblem('funds');
      return;
    }
    playSound('tap');
    setRound(null);
    await send({ kind: 'start', bet, mines });
  };

  const reveal = async (cell: number) => {
    if (!open || busy || views[cell] !== 'hidden') return;
    setPending(cell);
    const next = await send({ kind: 'reveal', cell });
    setPending(null);
    if (!next) return;
    if (next.status === 'lost') {
      playSound('mine');
      setShake((n) => n + 1);
    } else {
      playSound(next.status === 'cashed_out' ? 'cashOut' : 'gem');
    }
  };

  const cashOut = async () => {
    const next = await send({ kind: 'cashout' });
    if (next) playSound('cashOut');
  };

  const cellLabel = (cell: number, view: CellView) => {
    const place = t('ig_mines_cell', {
      row: Math.floor(cell / MINES_GRID_SIZE) + 1,
      column: (cell % MINES_GRID_SIZE) + 1,
    });
    const state = {
      hidden: t('ig_mines_cell_hidden'),
      pending: t('ig_mines_cell_opening'),
      gem: t('ig_mines_cell_gem'),
      'gem-left': t('ig_mines_cell_gem'),
      'mine-hit': t('ig_mines_cell_mine_hit'),
      mine: t('ig_mines_cell_mine'),
    }[view];
    return `${place}: ${state}`;
  };

  const sheets = (sheet: GameSheet | null, close: () => void, switchTo: (name: GameSheet) => void) => (
    <GameSheets
      open={sheet}
      onClose={close}
      onSwitch={switchTo}
      session={session}
      launchToken={launchToken}
      locked={open || busy}
      minesCount={mines}
    />
  );

  const outcome = round && round.status !== 'open' ? round : null;

  return (
    <GameShell kind="mines" back={back} balance={session.balance} busy={busy} sheet={sheets} title={session.game.name}>
      <div className="mines">
        <dl className="mines-meter" data-testid="mines-meter">
          <div className="mines-meter__item">
            <dt>{t('ig_mines_multiplier')}</dt>
            <dd data-testid="mines-multiplier">
              {metered && gemsFound > 0 ? formatMultiplier(metered.multiplier, rules.multiplierScale) : '—'}
            </dd>
          </div>
          <div className="mines-meter__item mines-meter__item--next">
            <dt>{t('ig_mines_next')}</dt>
            <dd data-testid="mines-next">
              {nextMultiplier !== null ? formatMultiplier(nextMultiplier, rules.multiplierScale) : '—'}
              {nextMultiplier !== null ? (
                <small>{money(minesPayout(open ? round.bet : bet, nextMultiplier))}</small>
              ) : null}
            </dd>
          </div>
          <div className="mines-meter__item">
            <dt>{t('ig_mines_gems_left')}</dt>
            <dd data-testid="mines-gems-left">{MINES_CELL_COUNT - (metered ? metered.mines : mines) - gemsFound}</dd>
          </div>
        </dl>
        <div
          className={`mines-field${open ? ' mines-field--open' : ''}`}
          key={shake}
          data-shake={shake > 0 || undefined}
          data-testid="mines-field"
          role="group"
          aria-label={t('ig_mines_field')}
        >
          {views.map((view, cell) => (
            <button
              key={cell}
              type="button"
              className={`mines-cell mines-cell--${view}`}
              data-testid="mines-cell"
              data-cell={cell}
              data-view={view}
              aria-label={cellLabel(cell, view)}
              disabled={!open || busy || view !== 'hidden'}
              onClick={() => void reveal(cell)}
            >
              <span className="mines-cell__face" aria-hidden="true">
                {view === 'gem' || view === 'gem-left' ? <GemArt id={`gem-${cell}`} size={44} /> : null}
                {view === 'mine' || view === 'mine-hit' ? (
                  <MineArt id={`mine-${cell}`} size={46} exploded={view === 'mine-hit'} />
                ) : null}
                {view === 'pending' ? <span className="spinner spinner--sm" /> : null}
              </span>
            </button>
          ))}
          {outcome ? (
            <div
              className={`mines-result mines-result--${outcome.status}`}
              role="status"
              data-testid="mines-result"
              data-status={outcome.status}
            >
              {outcome.status === 'cashed_out' ? (
                <>
                  <span className="mines-result__title">{t('ig_mines_cashed_out')}</span>
                  <span className="mines-result__amount">{money(outcome.payout)}</span>
                  <span className="mines-result__mult">
                    {formatMultiplier(outcome.multiplier, rules.multiplierScale)}
                  </span>
                </>
              ) : (
                <>
                  <span className="mines-result__title">{t('ig_mines_lost')}</span>
                  <span className="mines-result__mult">{t('ig_mines_lost_body', { bet: money(outcome.bet) })}</span>
                </>
              )}
            </div>
          ) : null}
        </div>
        {problem ? (
          <FundsNotice
            problem={problem}
            bet={bet}
            balance={session.balance}
            minimumBet={steps[0] ?? 0}
            onLower={() => {
              setBet(highestAffordable(steps, session.balance));
              setProblem(null);
            }}
            onDismiss={() => setProblem(null)}
          />
        ) : null}
        <div className="mines-controls">
          <fieldset className="mines-count" disabled={open || busy}>
            <legend>{t('ig_mines_count')}</legend>
            <div className="mines-count__chips">
              {MINE_CHOICES.map((count) => (
                <button
                  key={count}
                  type="button"
                  className={`mines-chip${count === mines ? ' mines-chip--on' : ''}`}
                  aria-pressed={count === mines}
                  data-testid={`mines-count-${count}`}
                  onClick={() => {
                    playSound('tap');
                    setMines(count);
                  }}
                >
                  {count}
                </button>
              ))}
            </div>
          </fieldset>
          <BetStepper
            steps={steps}
            bet={open ? round.bet : bet}
            onChange={(next) => {
              setBet(next);
              setProblem(null);
            }}
            disabled={open || busy}
          />
          {open ? (
            <button
              type="button"
              className="ig-main-btn ig-main-btn--cash"
              data-testid="mines-cashout"
              disabled={busy || safeFound === 0}
              onClick={() => void cashOut()}
            >
              <span>{t('ig_mines_cash_out')}</span>
              <strong>{money(cashOutAmount)}</strong>
            </button>
          ) : (
            <button
              type="button"
              className="ig-main-btn"
              data-testid="mines-start"
              disabled={busy}
              onClick={() => void start()}
            >
              <span>{t('ig_mines_start')}</span>
              <strong>{money(bet)}</strong>
            </button>
          )}
          <p className="mines-help" aria-live="polite">
            {open ? (safeFound === 0 ? t('ig_mines_pick_first') : t('ig_mines_pick_more')) : t('ig_mines_choose')}
          </p>
        </div>
      </div>
    </GameShell>
  );
}
