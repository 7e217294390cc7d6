import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '../../shared/query/react';
import {
  positionCount,
  WEB_ROUTES,
  type PlayType,
  type TChase,
  type TLotteryDraw,
  type TLotteryGameDetail,
} from '@palaro/contract';
import { Link, useSearchParams } from '../../shared/router';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { useMoney } from '../../shared/lib/money';
import { onLotteryEvent } from '../../shared/wallet/live';
import { useToast } from '../../shared/ui/feedback';
import { useErrorText, ErrorState } from '../../shared/ui/ErrorState';
import { Modal } from '../../shared/ui/Modal';
import { PrimaryAction } from '../../shared/ui/PrimaryAction';
import { StateView } from '../../shared/ui/StateView';
import { Skeleton } from '../../shared/ui/Skeleton';
import { LostArt } from '../../shared/ui/illustrations';
import { CloseIcon } from '../../shared/ui/icons';
import { ApiError } from '../../shared/api/client';
import { BalanceAmount } from '../../shared/wallet/BalanceAmount';
import { PlayMoneyBadge } from '../../shared/wallet/PlayMoneyBadge';
import { useWalletBalance } from '../../shared/wallet/api/balance';
import { useCancelBets, useMyLotteryBets, usePlaceBets } from './api/bets';
import { useCancelChase, useCreateChase, useMyChases } from './api/chases';
import { applyDrawToGame, useLotteryGame } from './api/game';
import { refreshMine } from './api/mine';
import { addDrawnResult, useLotteryResults } from './api/results';
import { afterDrawSettled } from './api/winners';
import { Balls } from './components/Balls';
import { BetPanel } from './components/BetPanel';
import { EntertainmentBoard } from './components/EntertainmentBoard';
import {
  ChasePanel,
  DEFAULT_CHASE_PLAN,
  MyChasesList,
  planCost,
  planMultipliers,
  type ChasePlan,
} from './components/Chase';
import { CountdownText } from './components/Countdown';
import { MyBetsList, ResultsList, TrendChart, VerifySheet, resultBalls } from './components/History';
import { GameIcon } from './components/LotteryItem';
import { AbnormalNotice, OfficialLine } from './components/Official';
import { WinnerBoard } from './components/Winners';
import { LockIcon, ShieldCheckIcon } from './components/lotteryIcons';
import { useLocalizedBetTypes } from './lib/betTypeText';
import { initialPlayType, playTabs } from './lib/board';
import { useCountdown } from './lib/countdown';
import { drawOfEvent } from './lib/drawEvent';
import { numeroText } from './lib/numero';
import { slipTotal, type SlipBet } from './lib/slip';
import type { PrizeMode } from './lib/prizeMode';
import LotteryMenuScreen, { ZY_TAB } from './LotteryMenuScreen';
import './lottery.css';
import './betting.css';

type Section = 'bet' | 'results' | 'trend' | 'mybets';
const SECTIONS: readonly Section[] = ['bet', 'results', 'trend', 'mybets'];
const NO_BET_TYPES: TLotteryGameDetail['betTypes'] = [];
/** The results section shows the game's draws or its winner board; my bets the bets or the chases. */
const RESULT_VIEWS = ['draws', 'winners'] as const;
const MINE_VIEWS = ['bets', 'chases'] as const;
/** Without the event stream (a visitor), a draw past its time is asked for again this often until its result is in. */
const DUE_POLL_MS = 3000;

function DrawPanel({
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

/**
 * One game's betting screen; `play` is the board the launch asked to open on (Tradition or
 * Entertainment; the game's first when it has no such board).
 */
function Betting({ gameCode, play }: { gameCode: string; play: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const session = useSessionInfo();
  const userName = session?.userName ?? null;
  const game = useLotteryGame(gameCode, userName);
  const results = useLotteryResults(gameCode);
  const myBets = useMyLotteryBets(userName, gameCode);
  const place = usePlaceBets(userName, gameCode);
  const [section, setSection] = useState<Section>('bet');
  const [resultView, setResultView] = useState<(typeof RESULT_VIEWS)[number]>('draws');
  const [mineView, setMineView] = useState<(typeof MINE_VIEWS)[number]>('bets');
  const [chaseOn, setChaseOn] = useState(false);
  const [plan, setPlan] = useState<ChasePlan>(DEFAULT_CHASE_PLAN);
  const chasing = useCreateChase(userName);
  const myChases = useMyChases(userName, gameCode);
  const cancelChase = useCancelChase(userName);
  const cancelBets = useCancelBets(userName);
  const [slip, setSlip] = useState<SlipBet[]>([]);
  const [chosenPlay, setChosenPlay] = useState<PlayType | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [verifying, setVerifying] = useState<string | null>(null);
  const [revealNumero, setRevealNumero] = useState<string | null>(null);
  const detail = game.data?.data;
  const betTypes = useLocalizedBetTypes(detail?.game.family ?? 'SSC', detail?.betTypes ?? NO_BET_TYPES);

  // Draw events on the one stream: the open draw's new state, a result into the results, bets settled.
  useEffect(
    () =>
      onLotteryEvent((data) => {
        const draw = drawOfEvent(data, gameCode);
        if (!draw) return;
        applyDrawToGame(queryClient, draw, Date.now());
        if (draw.result) {
          addDrawnResult(queryClient, draw);
          setRevealNumero(draw.numero);
        }
        if (draw.state === 'settled' || draw.state === 'cancelled') {
          refreshMine(queryClient);
          afterDrawSettled(queryClient);
        }
        // A draw opening places the chases waiting for it: their bets and draws change.
        if (draw.state === 'open') refreshMine(queryClient);
        if (draw.state === 'drawn' || draw.state === 'settled') void game.refetch();
      }),
    [gameCode, queryClient, game],
  );

  // Money that moved for this member (a chase's next draw placed a few seconds after it opened, a
  // win, a refund) changes its bets and chases: the balance on the stream says when to ask again.
  const balance = useWalletBalance().data?.sumBalance;
  const shownBalance = useRef(balance);
  useEffect(() => {
    if (balance === shownBalance.current) return;
    const first = shownBalance.current === undefined;
    shownBalance.current = balance;
    if (first) return;
    refreshMine(queryClient);
  }, [balance, queryClient]);

  // A visitor has no stream: a draw past its time is asked for until the next one opens.
  const countdown = useCountdown({
    isSale: Boolean(detail?.draw.isSale || detail?.draw.state === 'locked'),
    remainTime: detail?.draw.remainTime ?? 0,
    lotteryTime: game.data?.lotteryTime ?? [0, 0],
    lockTime: detail?.game.lockTime,
  });
  const due = detail !== undefined && (countdown.remaining === null || countdown.remaining <= 0);
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => {
      void game.refetch();
      void results.refetch();
    }, DUE_POLL_MS);
    return () => clearInterval(timer);
  }, [due, game, results]);

  if (game.isPending) {
    return (
      <div className="lt-page" aria-busy="true" data-testid="lottery-betting-loading">
        <Skeleton height={168} radius={20} />
        <Skeleton height={40} radius={999} />
        <Skeleton height={320} radius={14} />
      </div>
    );
  }
  if (game.isError) {
    const unknown = game.error instanceof ApiError && game.error.status === 404;
    return (
      <div className="lt-page">
        {unknown ? (
          <StateView
            testId="lottery-no-game"
            art={<LostArt />}
            title={t('lt_no_game_title')}
            body={<p>{t('lt_no_game_body')}</p>}
            actions={
              <Link className="btn btn--primary" to={WEB_ROUTES.lottery}>
                {t('lt_to_menu')}
              </Link>
            }
          />
        ) : (
          <ErrorState error={game.error} onRetry={() => void game.refetch()} testId="lottery-betting-error" />
        )}
      </div>
    );
  }
  const data = game.data.data;
  const draws = results.data?.draws ?? [];
  const lastDraw = draws.find((draw) => draw.result !== null);
  const locked = countdown.locked || data.draw.state !== 'open';
  const total = slipTotal(slip);
  const positions = Array.from({ length: positionCount(data.game.family) }, (_, index) => `#${index + 1}`);
  const playTypes = playTabs(betTypes);
  const playType = chosenPlay ?? initialPlayType(betTypes, play);
  const board = { ...data, betTypes: betTypes.filter((view) => view.playType === playType) };
  // A board button is one bet: a tap puts it on the slip, a second takes it off.
  const toggleBoardBet = (bet: SlipBet) =>
    setSlip((current) =>
      current.some((each) => each.key === bet.key) ? current.filter((each) => each.key !== bet.key) : [...current, bet],
    );

  const maxChaseDraws = Math.max(1, data.maxChaseDraws);
  const chasePlan = { ...plan, draws: Math.min(plan.draws, maxChaseDraws) };
  const chaseCost = planCost(chasePlan, total);
  const sending = place.pending || chasing.pending;

  const submit = async () => {
    const bets = slip.map((bet) => ({
      betType: bet.betType,
      picks: bet.picks,
      unitStake: bet.unitStake,
      multiplier: bet.multiplier,
    }));
    try {
      if (chaseOn) {
        await chasing.chase({
          gameCode,
          numero: data.draw.numero,
          prizeGroup: data.prizeGroup,
          bets,
          draws: chasePlan.draws,
          multipliers: planMultipliers(chasePlan),
          stopOnWin: chasePlan.stopOnWin,
        });
      } else {
        await place.place({ gameCode, numero: data.draw.numero, prizeGroup: data.prizeGroup, bets });
      }
      setSlip([]);
      setConfirming(false);
      void toast.show(t(chaseOn ? 'lt_chase_placed' : 'lt_placed'), { kind: 'success', durationMs: 1500 });
    } catch (error) {
      setConfirming(false);
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };

  const cancelOne = async (betIds: string[]) => {
    try {
      const result = await cancelBets.cancel({ betIds });
      void toast.show(t('lt_cancelled', { amount: money(result.refunded) }), { kind: 'success', durationMs: 2000 });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };
  const stopChase = async (chase: TChase) => {
    try {
      await cancelChase.cancel(chase.chaseId);
      void toast.show(t('lt_chase_cancelled'), { kind: 'success', durationMs: 2000 });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };

  return (
    <div className="lt-page lt-page--betting" data-testid="lottery-betting" data-game={gameCode}>
      <DrawPanel
        detail={data}
        lotteryTime={game.data.lotteryTime}
        lastDraw={lastDraw}
        reveal={lastDraw?.numero === revealNumero}
        onVerify={setVerifying}
      />
      <div className="lt-sections" role="group" aria-label={t('lt_section_label')}>
        {SECTIONS.map((each) => (
          <button
            key={each}
            type="button"
            className={`lt-section${each === section ? ' is-active' : ''}`}
            aria-pressed={each === section}
            data-testid={`lottery-section-${each}`}
            onClick={() => setSection(each)}
          >
            {t(`lt_tab_${each}`)}
            {each === 'bet' && slip.length > 0 ? <span className="lt-section__badge">{slip.length}</span> : null}
          </button>
        ))}
      </div>
      {section === 'bet' ? (
        <>
          {playTypes.length > 0 ? (
            <div className="lt-plays" role="group" aria-label={t('lt_play_label')} data-testid="lottery-play-types">
              {playTypes.map((each) => (
                <button
                  key={each}
                  type="button"
                  className={`lt-play${each === playType ? ' is-active' : ''}`}
                  aria-pressed={each === playType}
                  data-testid={`lottery-play-${each}`}
                  onClick={() => setChosenPlay(each)}
                >
                  {t(`lt_play_${each}`)}
                </button>
              ))}
            </div>
          ) : null}
          {playType === 'Entertainment' ? (
            <EntertainmentBoard detail={board} slip={slip} onToggle={toggleBoardBet} />
          ) : (
            <BetPanel key={gameCode} detail={board} onAdd={(bet) => setSlip((current) => [...current, bet])} />
          )}
          <section className="lt-slip" aria-labelledby="lt-slip-title" data-testid="lottery-slip">
            <div className="lt-slip__head">
              <h2 id="lt-slip-title" className="lt-slip__title">
                {t('lt_slip')}
              </h2>
              {slip.length > 0 ? (
                <button type="button" className="lt-link" onClick={() => setSlip([])}>
                  {t('lt_clear_slip')}
                </button>
              ) : null}
            </div>
            {slip.length === 0 ? (
              <p className="lt-empty">{t('lt_slip_empty')}</p>
            ) : (
              <ul className="lt-slip__list">
                {slip.map((bet) => (
                  <li key={bet.key} className="lt-slip__bet" data-testid="lottery-slip-bet">
                    <div className="lt-slip__info">
                      <strong>{bet.betName}</strong>
                      <span className="lt-slip__picks">{bet.picksText}</span>
                      <span className="lt-slip__line">
                        {t('lt_bet_line', {
                          count: bet.combinations,
                          unit: money(bet.unitStake),
                          multiplier: bet.multiplier,
                        })}
                      </span>
                    </div>
                    <strong className="lt-slip__stake">{money(bet.stake)}</strong>
                    <button
                      type="button"
                      className="lt-slip__remove"
                      aria-label={t('lt_remove_bet')}
                      onClick={() => setSlip((current) => current.filter((each) => each.key !== bet.key))}
                    >
                      <CloseIcon size={18} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {userName ? (
            <ChasePanel
              on={chaseOn}
              onToggle={setChaseOn}
              plan={chasePlan}
              onChange={setPlan}
              slipStake={total}
              maxDraws={maxChaseDraws}
            />
          ) : null}
          {userName ? null : (
            <PrimaryAction>
              <Link className="btn btn--primary btn--block lt-dock__btn" to={WEB_ROUTES.login}>
                {t('lt_login_to_bet')}
              </Link>
            </PrimaryAction>
          )}
        </>
      ) : null}
      {userName ? (
        // The member's balance stays in sight on every section, beside the place button on the bet
        // section: the shared balance, which follows the event stream (a stake, a win, a refund).
        <PrimaryAction>
          {section === 'bet' && locked && slip.length > 0 ? (
            <p className="lt-dock__note" role="status">
              {t('lt_slip_locked')}
            </p>
          ) : null}
          <div className="lt-dock">
            <p className="lt-dock__balance">
              <span className="lt-dock__balance-label">
                {t('wallet_balance')} <PlayMoneyBadge />
              </span>
              <BalanceAmount className="lt-dock__balance-amount" testId="lottery-balance" />
            </p>
            {section === 'bet' ? (
              <button
                type="button"
                className="btn btn--primary lt-dock__btn"
                data-testid="lottery-place"
                disabled={slip.length === 0 || locked || sending}
                onClick={() => setConfirming(true)}
              >
                {chaseOn
                  ? t('lt_place_chase', { draws: chasePlan.draws, total: money(chaseCost.total) })
                  : t('lt_place_bets', { total: money(total) })}
              </button>
            ) : null}
          </div>
        </PrimaryAction>
      ) : null}
      {section === 'results' ? (
        <>
          <div className="lt-types lt-types--inline" role="group" aria-label={t('lt_tab_results')}>
            {RESULT_VIEWS.map((each) => (
              <button
                key={each}
                type="button"
                className={`lt-type${each === resultView ? ' is-active' : ''}`}
                aria-pressed={each === resultView}
                data-testid={`lottery-results-${each}`}
                onClick={() => setResultView(each)}
              >
                {t(`lt_results_${each}`)}
              </button>
            ))}
          </div>
          {resultView === 'draws' ? (
            <ResultsList family={data.game.family} draws={draws} onVerify={setVerifying} revealNumero={revealNumero} />
          ) : (
            <WinnerBoard gameCode={gameCode} />
          )}
        </>
      ) : null}
      {section === 'trend' ? <TrendChart family={data.game.family} draws={draws} positions={positions} /> : null}
      {section === 'mybets' ? (
        userName ? (
          <>
            <div className="lt-types lt-types--inline" role="group" aria-label={t('lt_tab_mybets')}>
              {MINE_VIEWS.map((each) => (
                <button
                  key={each}
                  type="button"
                  className={`lt-type${each === mineView ? ' is-active' : ''}`}
                  aria-pressed={each === mineView}
                  data-testid={`lottery-mine-${each}`}
                  onClick={() => setMineView(each)}
                >
                  {t(`lt_mybets_${each}`)}
                </button>
              ))}
            </div>
            {mineView === 'bets' ? (
              myBets.isError ? (
                <ErrorState compact error={myBets.error} onRetry={() => void myBets.refetch()} />
              ) : myBets.data ? (
                <MyBetsList
                  bets={myBets.data.bets}
                  betTypes={betTypes}
                  onCancel={cancelOne}
                  cancelling={cancelBets.pending}
                />
              ) : (
                <Skeleton height={120} radius={14} />
              )
            ) : myChases.isError ? (
              <ErrorState compact error={myChases.error} onRetry={() => void myChases.refetch()} />
            ) : myChases.data ? (
              <MyChasesList
                chases={myChases.data.chases}
                betTypes={betTypes}
                onCancel={stopChase}
                cancelling={cancelChase.pending}
              />
            ) : (
              <Skeleton height={120} radius={14} />
            )}
          </>
        ) : (
          <p className="lt-empty">{t('lt_mybets_login')}</p>
        )
      ) : null}
      {confirming ? (
        <Modal title={t('lt_confirm_title')} onClose={() => setConfirming(false)} testId="lottery-confirm">
          <div className="lt-confirm">
            <p className="lt-confirm__draw">
              {data.game.remark} · {t('lt_confirm_draw', { numero: numeroText(data.draw.numero) })}
            </p>
            <ul className="lt-confirm__list">
              {slip.map((bet) => (
                <li key={bet.key}>
                  <span>
                    {bet.betName} <small>{bet.picksText}</small>
                  </span>
                  <strong>{money(bet.stake)}</strong>
                </li>
              ))}
            </ul>
            <p className="lt-confirm__total">
              <span>{t(chaseOn ? 'lt_chase_per_draw' : 'lt_confirm_total')}</span>
              <strong data-testid="lottery-confirm-total">{money(total)}</strong>
            </p>
            {chaseOn ? (
              <dl className="lt-confirm__chase" data-testid="lottery-confirm-chase">
                <dt>{t('lt_chase')}</dt>
                <dd>
                  {t('lt_chase_confirm_plan', {
                    draws: chasePlan.draws,
                    first: chaseCost.multipliers[0] ?? 1,
                    last: chaseCost.multipliers.at(-1) ?? 1,
                  })}
                </dd>
                <dt>{t('lt_chase_stop_on_win')}</dt>
                <dd>{chasePlan.stopOnWin ? t('lt_yes') : t('lt_no')}</dd>
                <dt>{t('lt_chase_taken_now')}</dt>
                <dd>
                  <strong>{money(chaseCost.first)}</strong>
                </dd>
                <dt>{t('lt_chase_all_draws')}</dt>
                <dd>
                  <strong data-testid="lottery-confirm-chase-total">{money(chaseCost.total)}</strong>
                </dd>
              </dl>
            ) : null}
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="lottery-confirm-ok"
              disabled={sending || locked}
              onClick={() => void submit()}
            >
              {t(chaseOn ? 'lt_chase_confirm_ok' : 'lt_confirm_ok')}
            </button>
          </div>
        </Modal>
      ) : null}
      {verifying ? <VerifySheet gameCode={gameCode} numero={verifying} onClose={() => setVerifying(null)} /> : null}
    </div>
  );
}

/**
 * /m/startLottery?game=CODE&view=betting|lobby&play=PLAYTYPE&mode=ZY&back=PATH — what a lottery
 * launch opens (the contract's startLotteryUrl): one game's draw, boards (Tradition and
 * Entertainment), slip, results, trend, my bets and verify; without a game, the lobby of every game
 * (the menu; mode ZY opens it on the ZY games), whose launches keep asking the same board. The
 * header's back arrow is the way out (the launch replaced its own page, so one step back is where
 * the player launched from); there is no bottom menu here, as lottery apps show their bet dock.
 */
export default function StartLotteryScreen({ prizeMode }: { prizeMode: PrizeMode | null }) {
  const [search] = useSearchParams();
  const gameCode = search.get('game')?.trim().toUpperCase() || null;
  const play = search.get('play');
  if (!gameCode) {
    return (
      <LotteryMenuScreen
        prizeMode={prizeMode}
        initialTab={search.get('mode') === 'ZY' ? ZY_TAB : undefined}
        playType={play}
      />
    );
  }
  return <Betting key={gameCode} gameCode={gameCode} play={play} />;
}
