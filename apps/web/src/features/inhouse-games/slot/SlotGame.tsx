import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '../../../shared/query/react';
import {
  INHOUSE_ERROR_CODES,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_PAYLINES,
  slotWinAmount,
  type TInhouseSession,
  type TSlotSpinResult,
} from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { ApiError } from '../../../shared/api/client';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { useSlotSpin } from '../api/slotSpin';
import { updateGameSession } from '../api/session';
import { canAfford, highestAffordable, initialBet } from '../lib/betSteps';
import { playSound } from '../lib/sound';
import { useCountUp, useReducedMotion, wait } from '../lib/motion';
import { GameShell, type GameSheet } from '../components/GameShell';
import { BetStepper } from '../components/BetStepper';
import { AutoIcon, MaxIcon, StopIcon } from '../components/gameIcons';
import { FundsNotice } from '../components/FundsNotice';
import { GameSheets } from '../components/GameSheets';
import { Reels, type ReelsHandle } from './Reels';
import { SlotSymbolSprite } from './symbolArt';
import {
  IDLE_STOPS,
  freeSpinsKnown,
  highlightOf,
  suspenseFrom,
  type ShownLineWin,
  type SpinHighlight,
} from './slotView';
import './slot.css';

/** Where the reels stand before the first spin: a calm, varied picture. */
const AUTO_SPINS = 10;
/** A win of this many total bets or more is celebrated as a big win. */
const BIG_WIN_BETS = 15;
const LINE_COLOURS = ['#ffd447', '#ff6b8b', '#5fd3ff', '#8dff8a', '#c59bff'];

interface FreeSpinState {
  played: number;
  total: number;
  won: number;
}

type ShownSpin = TSlotSpinResult['round']['outcome']['base'];

const NO_HIGHLIGHT: SpinHighlight = { cells: new Set(), lines: [], scatterCells: [] };

function PaylineOverlay({ lines, active }: { lines: readonly ShownLineWin[]; active: number | null }) {
  const shown = active === null ? lines : lines.slice(active, active + 1);
  if (shown.length === 0) return null;
  return (
    <svg className="isla-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {shown.map((win) => {
        const points = SLOT_PAYLINES[win.line]!.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
        const colour = LINE_COLOURS[win.line % LINE_COLOURS.length];
        return (
          <g key={win.line}>
            <polyline points={points} className="isla-lines__glow" stroke={colour} vectorEffect="non-scaling-stroke" />
            <polyline points={points} className="isla-lines__line" stroke={colour} vectorEffect="non-scaling-stroke" />
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Palaro Isla Slots: bet, spin, watch the reels stop one by one; wins light their lines and count
 * up; free spins play out with their banner and counter. The round is decided whole by the server
 * (free spins included), so the screen replays it and shows the new balance when the replay ends.
 */
export function SlotGame({
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
  const reduced = useReducedMotion();
  const reels = useRef<ReelsHandle>(null);
  /** Where the reels stand now: a refused spin lands back there. */
  const stops = useRef<readonly number[]>(IDLE_STOPS);
  const spin = useSlotSpin(session.sessionToken);
  const steps = session.betSteps;

  const [bet, setBet] = useState(() => initialBet(steps, null));
  const [playing, setPlaying] = useState(false);
  /** The balance shown while a round plays (its bet taken); null: the session's. */
  const [roundBalance, setRoundBalance] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<SpinHighlight>(NO_HIGHLIGHT);
  const [activeLine, setActiveLine] = useState<number | null>(null);
  const [win, setWin] = useState(0);
  const [lastBet, setLastBet] = useState(bet);
  const [freeSpins, setFreeSpins] = useState<FreeSpinState | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [problem, setProblem] = useState<'funds' | string | null>(null);
  const [autoLeft, setAutoLeft] = useState(0);

  const balance = roundBalance ?? session.balance;
  const shownWin = useCountUp(win, win >= lastBet * BIG_WIN_BETS ? 2200 : 900);
  const bigWin = !playing && win > 0 && win >= lastBet * BIG_WIN_BETS;

  // At rest after a win, the winning lines take turns (one a second), each with its own label.
  useEffect(() => {
    if (playing || highlight.lines.length < 2) return;
    const timer = setInterval(
      () => setActiveLine((line) => (line === null ? 0 : (line + 1) % highlight.lines.length)),
      1100,
    );
    return () => clearInterval(timer);
  }, [playing, highlight.lines.length]);

  const showSpin = async (spinResult: ShownSpin, stake: number, pause: number) => {
    const shown = highlightOf(spinResult);
    setHighlight(shown);
    setActiveLine(null);
    if (spinResult.lineBets > 0) {
      playSound(spinResult.lineBets >= BIG_WIN_BETS * 20 ? 'bigWin' : 'win');
      setWin((before) => before + slotWinAmount(stake, spinResult.lineBets));
      await wait(reduced ? 300 : pause);
    }
  };

  const play = async () => {
    setProblem(null);
    if (!canAfford(bet, session.balance)) {
      playSound('refused');
      setProblem('funds');
      setAutoLeft(0);
      return;
    }
    setPlaying(true);
    setHighlight(NO_HIGHLIGHT);
    setWin(0);
    setLastBet(bet);
    setFreeSpins(null);
    setBanner(null);
    setRoundBalance(session.balance - bet);
    playSound('spin');
    reels.current?.spin();
    let result: TSlotSpinResult;
    try {
      result = await spin.mutateAsync(bet);
    } catch (error) {
      // Nothing was played: the reels stop where they were and the balance is the session's again.
      await reels.current?.land(stops.current);
      setRoundBalance(null);
      setPlaying(false);
      setAutoLeft(0);
      playSound('refused');
      setProblem(
        error instanceof ApiError && error.code === INHOUSE_ERROR_CODES.insufficientFunds ? 'funds' : errorText(error),
      );
      return;
    }
    const { outcome } = result.round;
    stops.current = outcome.freeSpins.at(-1)?.stops ?? outcome.base.stops;
    await reels.current?.land(outcome.base.stops, {
      slowFrom: suspenseFrom(outcome.base.grid),
      onReelStop: () => playSound('reelStop'),
    });
    await showSpin(outcome.base, bet, 1200);

    if (outcome.freeSpins.length > 0) {
      playSound('freeSpins');
      setBanner(t('ig_slot_free_spins_won', { count: outcome.base.freeSpinsAwarded }));
      await wait(reduced ? 600 : 1800);
      setBanner(null);
      const awards = outcome.freeSpins.map((spinResult) => spinResult.freeSpinsAwarded);
      let won = 0;
      for (let index = 0; index < outcome.freeSpins.length; index += 1) {
        const free = outcome.freeSpins[index]!;
        setFreeSpins({ played: index + 1, total: freeSpinsKnown(outcome.base.freeSpinsAwarded, awards, index), won });
        setHighlight(NO_HIGHLIGHT);
        reels.current?.spin();
        await wait(reduced ? 0 : 280);
        await reels.current?.land(free.stops, {
          slowFrom: suspenseFrom(free.grid),
          onReelStop: () => playSound('reelStop'),
        });
        await showSpin(free, bet, 900);
        won += slotWinAmount(bet, free.lineBets);
        if (free.freeSpinsAwarded > 0) {
          playSound('freeSpins');
          setBanner(t('ig_slot_free_spins_more', { count: free.freeSpinsAwarded }));
          await wait(reduced ? 500 : 1400);
          setBanner(null);
        }
        setFreeSpins({
          played: index + 1,
          total: freeSpinsKnown(outcome.base.freeSpinsAwarded, awards, index + 1),
          won,
        });
      }
      await wait(reduced ? 300 : 900);
      setFreeSpins(null);
      setHighlight(NO_HIGHLIGHT);
    }

    setWin(result.round.win);
    setRoundBalance(null);
    updateGameSession(queryClient, launchToken, { balance: result.balance, fairness: result.fairness });
    setPlaying(false);
    if (result.round.win > 0 && outcome.freeSpins.length > 0) playSound('bigWin');
  };

  // Auto-spin: the next spin starts a moment after a round has finished showing.
  useEffect(() => {
    if (playing || autoLeft <= 0) return;
    const timer = setTimeout(
      () => {
        setAutoLeft((left) => left - 1);
        void play();
      },
      win > 0 ? 1400 : 500,
    );
    return () => clearTimeout(timer);
    // play reads the latest state when it runs; the timer restarts when a round ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, autoLeft]);

  const toggleAuto = () => {
    playSound('tap');
    if (autoLeft > 0) {
      setAutoLeft(0);
      return;
    }
    if (!canAfford(bet, session.balance)) {
      setProblem('funds');
      return;
    }
    setAutoLeft(AUTO_SPINS);
  };

  const lineLabel = (() => {
    if (playing || activeLine === null) return null;
    const line = highlight.lines[activeLine];
    if (!line) return null;
    return t('ig_slot_line_win', {
      line: line.line + 1,
      count: line.count,
      symbol: t(`ig_sym_${line.symbol}`),
      amount: money(slotWinAmount(lastBet, line.lineBets)),
    });
  })();

  const sheets = (open: GameSheet | null, close: () => void, switchTo: (sheet: GameSheet) => void) => (
    <GameSheets
      open={open}
      onClose={close}
      onSwitch={switchTo}
      session={session}
      launchToken={launchToken}
      locked={playing}
    />
  );

  return (
    <GameShell kind="slot" back={back} balance={balance} busy={playing} sheet={sheets} title={session.game.name}>
      <SlotSymbolSprite />
      <div className={`isla${freeSpins ? ' isla--free' : ''}${bigWin ? ' isla--big' : ''}`}>
        <div className="isla-status" aria-live="polite" data-testid="slot-status">
          {freeSpins ? (
            <p className="isla-free" data-testid="slot-free-spins">
              <span className="isla-free__title">{t('ig_slot_free_spins')}</span>
              <span className="isla-free__count">
                {t('ig_slot_free_spins_count', { played: freeSpins.played, total: freeSpins.total })}
              </span>
              <span className="isla-free__mult">×{SLOT_FREE_SPIN_MULTIPLIER}</span>
            </p>
          ) : (
            <p className="isla-hint">{t('ig_slot_hint', { lines: SLOT_PAYLINES.length })}</p>
          )}
        </div>
        <div className="isla-frame">
          <div className="isla-window">
            <Reels
              ref={reels}
              initialStops={IDLE_STOPS}
              reduced={reduced}
              winning={highlight.cells}
              dimmed={!playing && highlight.cells.size > 0}
            />
            <PaylineOverlay lines={highlight.lines} active={playing ? null : activeLine} />
            {banner ? (
              <div className="isla-banner" role="status" data-testid="slot-banner">
                <span>{banner}</span>
              </div>
            ) : null}
          </div>
        </div>
        <div className={`isla-win${shownWin > 0 ? ' isla-win--on' : ''}`} data-testid="slot-win-box">
          <span className="isla-win__label">
            {bigWin ? t('ig_slot_big_win') : freeSpins ? t('ig_slot_free_won') : t('ig_win')}
          </span>
          <output className="isla-win__amount" data-testid="slot-win" data-amount={win}>
            {money(shownWin)}
          </output>
          <span className="isla-win__line">{lineLabel ?? '\u00a0'}</span>
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
        <BetStepper
          steps={steps}
          bet={bet}
          onChange={(next) => {
            setBet(next);
            setProblem(null);
          }}
          disabled={playing || autoLeft > 0}
        />
        <div className="isla-controls">
          <button
            type="button"
            className={`isla-side${autoLeft > 0 ? ' isla-side--on' : ''}`}
            data-testid="slot-auto"
            aria-pressed={autoLeft > 0}
            onClick={toggleAuto}
          >
            {autoLeft > 0 ? <StopIcon size={18} /> : <AutoIcon size={20} />}
            <span>
              {autoLeft > 0 ? t('ig_slot_auto_left', { count: autoLeft }) : t('ig_slot_auto', { count: AUTO_SPINS })}
            </span>
          </button>
          <button
            type="button"
            className="isla-spin"
            data-testid="slot-spin"
            disabled={playing}
            aria-label={playing ? t('ig_slot_spinning') : t('ig_slot_spin_bet', { bet: money(bet) })}
            onClick={() => void play()}
          >
            <span className="isla-spin__ring" aria-hidden="true" />
            <span className="isla-spin__text">{t('ig_slot_spin')}</span>
          </button>
          <button
            type="button"
            className="isla-side"
            data-testid="slot-max-bet"
            disabled={playing || autoLeft > 0}
            onClick={() => {
              playSound('tap');
              setProblem(null);
              setBet(highestAffordable(steps, session.balance));
            }}
          >
            <MaxIcon size={20} />
            <span>{t('ig_slot_max_bet')}</span>
          </button>
        </div>
      </div>
    </GameShell>
  );
}
