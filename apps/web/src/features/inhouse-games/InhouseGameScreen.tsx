import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from '../../shared/router';
import { INHOUSE_ERROR_CODES } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { ApiError } from '../../shared/api/client';
import { useErrorText } from '../../shared/ui/ErrorState';
import { StateView } from '../../shared/ui/StateView';
import { LostArt, OfflineArt } from '../../shared/ui/illustrations';
import { useGameSession } from './api/session';
import { exitTarget } from './lib/pageBack';
import { readLaunchLink } from './lib/launchLink';
import { GameSkeleton } from './components/GameSkeleton';
import { SlotGame } from './slot/SlotGame';
import { MinesGame } from './mines/MinesGame';
import './inhouse-games.css';

/** A launch that can no longer open a session: the player opens the game again from the list. */
const RELAUNCH_CODES: readonly string[] = [INHOUSE_ERROR_CODES.sessionInvalid, INHOUSE_ERROR_CODES.launchExpired];

/**
 * /m/play/:gameCode#token=…&back=… — one of Palaro's own games, full screen. The launch token opens
 * a game session (it is taken off the address at once: lib/launchLink.ts); the game's exit returns
 * to `back` (the launch's pageBack).
 */
export default function InhouseGameScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { gameCode } = useParams();
  const location = useLocation();
  const [launch] = useState(() => readLaunchLink(location, gameCode ?? ''));
  const launchToken = launch.token;
  const back = exitTarget(launch.back);
  const session = useGameSession(launchToken);
  // The token leaves the address before the game shows (the new address may mount the page anew).
  const addressCarriesToken = launch.cleanAddress !== null && location.hash !== '';
  useEffect(() => {
    if (addressCarriesToken) void navigate(launch.cleanAddress!, { replace: true });
  }, [addressCarriesToken, launch, navigate]);

  const exit = (
    <button type="button" className="btn btn--primary" data-testid="inhouse-exit" onClick={() => void navigate(back)}>
      {t('ig_exit_to_games')}
    </button>
  );

  if (!launchToken) {
    return (
      <div className="ig ig--state">
        <StateView
          testId="inhouse-no-launch"
          art={<LostArt />}
          title={t('ig_no_launch_title')}
          body={<p>{t('ig_no_launch_body')}</p>}
          actions={exit}
        />
      </div>
    );
  }
  if (session.isPending || addressCarriesToken) return <GameSkeleton />;
  if (session.isError) {
    const relaunch = session.error instanceof ApiError && RELAUNCH_CODES.includes(session.error.code);
    return (
      <div className="ig ig--state">
        <StateView
          testId="inhouse-open-error"
          role="alert"
          art={relaunch ? <LostArt /> : <OfflineArt />}
          title={relaunch ? t('ig_relaunch_title') : t('error_generic_title')}
          body={<p>{relaunch ? t('ig_relaunch_body') : errorText(session.error)}</p>}
          actions={
            <>
              {relaunch ? null : (
                <button type="button" className="btn btn--outline" onClick={() => void session.refetch()}>
                  {t('retry')}
                </button>
              )}
              {exit}
            </>
          }
        />
      </div>
    );
  }
  const data = session.data;
  if (data.game.kind === 'slot' && data.slot) return <SlotGame session={data} launchToken={launchToken} back={back} />;
  if (data.game.kind === 'mines' && data.mines)
    return <MinesGame session={data} launchToken={launchToken} back={back} />;
  return (
    <div className="ig ig--state">
      <StateView
        testId="inhouse-unknown-game"
        art={<LostArt />}
        title={t('ig_unknown_game_title')}
        body={<p>{t('ig_unknown_game_body', { code: gameCode ?? '' })}</p>}
        actions={exit}
      />
    </div>
  );
}
