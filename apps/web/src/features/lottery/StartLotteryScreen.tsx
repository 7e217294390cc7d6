import { useState } from 'react';
import { positionCount, WEB_ROUTES, type TLotteryGameDetail } from '@palaro/contract';
import { Link, useSearchParams } from '../../shared/router';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { StateView } from '../../shared/ui/StateView';
import { Skeleton } from '../../shared/ui/Skeleton';
import { LostArt } from '../../shared/ui/illustrations';
import { ApiError } from '../../shared/api/client';
import { BetSection } from './components/BetSection';
import { DrawPanel } from './components/DrawPanel';
import { TrendChart, VerifySheet } from './components/History';
import { MyLotterySection, type MineView } from './components/MyLotterySection';
import { ResultsSection, type ResultView } from './components/ResultsSection';
import { SectionTabs, type BettingSection } from './components/SectionTabs';
import { SlipConfirm } from './components/SlipConfirm';
import { SlipDock } from './components/SlipDock';
import { useLocalizedBetTypes } from './lib/betTypeText';
import { useBetSlip } from './lib/useBetSlip';
import { useChaseSettings } from './lib/useChaseSettings';
import { useLiveGame } from './lib/useLiveGame';
import { useMyLottery } from './lib/useMyLottery';
import { useSlipSubmission } from './lib/useSlipSubmission';
import type { PrizeMode } from './lib/prizeMode';
import LotteryMenuScreen, { ZY_TAB } from './LotteryMenuScreen';
import './lottery.css';
import './betting.css';

const NO_BET_TYPES: TLotteryGameDetail['betTypes'] = [];

/**
 * One game's betting screen; `play` is the board the launch asked to open on (Tradition or
 * Entertainment; the game's first when it has no such board).
 */
function Betting({ gameCode, play }: { gameCode: string; play: string | null }) {
  const { t } = useTranslation();
  const userName = useSessionInfo()?.userName ?? null;
  const { game, results, countdown, revealNumero } = useLiveGame(gameCode, userName);
  const mine = useMyLottery(userName, gameCode);
  const detail = game.data?.data;
  const betTypes = useLocalizedBetTypes(detail?.game.family ?? 'SSC', detail?.betTypes ?? NO_BET_TYPES);
  const slip = useBetSlip(betTypes, play);
  const chase = useChaseSettings(detail?.maxChaseDraws ?? 1, slip.total);
  const submission = useSlipSubmission(gameCode, userName, slip, chase);
  const [section, setSection] = useState<BettingSection>('bet');
  const [resultView, setResultView] = useState<ResultView>('draws');
  const [mineView, setMineView] = useState<MineView>('bets');
  const [verifying, setVerifying] = useState<string | null>(null);

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
  const positions = Array.from({ length: positionCount(data.game.family) }, (_, index) => `#${index + 1}`);

  return (
    <div className="lt-page lt-page--betting" data-testid="lottery-betting" data-game={gameCode}>
      <DrawPanel
        detail={data}
        lotteryTime={game.data.lotteryTime}
        lastDraw={lastDraw}
        reveal={lastDraw?.numero === revealNumero}
        onVerify={setVerifying}
      />
      <SectionTabs current={section} onChange={setSection} slipCount={slip.bets.length} />
      {section === 'bet' ? (
        <BetSection detail={{ ...data, betTypes }} slip={slip} chase={chase} signedIn={userName !== null} />
      ) : null}
      {userName ? (
        <SlipDock onBetSection={section === 'bet'} locked={locked} slip={slip} chase={chase} submission={submission} />
      ) : null}
      {section === 'results' ? (
        <ResultsSection
          gameCode={gameCode}
          family={data.game.family}
          draws={draws}
          revealNumero={revealNumero}
          onVerify={setVerifying}
          view={resultView}
          onViewChange={setResultView}
        />
      ) : null}
      {section === 'trend' ? <TrendChart family={data.game.family} draws={draws} positions={positions} /> : null}
      {section === 'mybets' ? (
        userName ? (
          <MyLotterySection mine={mine} betTypes={betTypes} view={mineView} onViewChange={setMineView} />
        ) : (
          <p className="lt-empty">{t('lt_mybets_login')}</p>
        )
      ) : null}
      {submission.confirming ? (
        <SlipConfirm detail={data} locked={locked} slip={slip} chase={chase} submission={submission} />
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
