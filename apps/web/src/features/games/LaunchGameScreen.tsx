import { useEffect, useEffectEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams, type NavigateFunction } from '../../shared/router';
import { ERROR_CODES, GAME_API_PATHS, GAME_WALLET_ERROR_CODES, WEB_ROUTES } from '@palaro/contract';
import { ApiError } from '../../shared/api/client';
import { useTranslation } from '../../shared/i18n/language';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { CdnImage } from '../../shared/ui/CdnImage';
import { ErrorState } from '../../shared/ui/ErrorState';
import { LostArt, ShieldArt } from '../../shared/ui/illustrations';
import { SlotIcon } from '../../shared/ui/icons';
import { StateView } from '../../shared/ui/StateView';
import { useGoBack } from '../../shared/ui/BackButton';
import { useLaunch } from './api/launch';
import { useVendorName } from './api/vendors';
import { UnpluggedArt } from './components/UnpluggedArt';
import { launchRequestOf } from './lib/launchRequest';
import './games.css';

/** Why a launch ended on this page instead of in the game. */
export type LaunchProblem = 'not_connected' | 'trial' | 'unavailable' | 'failed';

/**
 * What the server's refusal means for the player: the provider is not connected in this
 * installation; a trial account on a game without play money; a game that is not there (unknown,
 * switched off, a link that names none) — none of which a retry changes; else a failure to retry.
 */
export function launchProblemOf(error: unknown): LaunchProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === GAME_WALLET_ERROR_CODES.providerNotConnected) return 'not_connected';
  if (error.code === ERROR_CODES.trialRefused) return 'trial';
  if (error.code === ERROR_CODES.notFound || error.code === ERROR_CODES.validation) return 'unavailable';
  return 'failed';
}

/**
 * Opens the game in this window: iOS Safari blocks a window opened after an await. The launch page
 * is replaced, so the back button from the game returns to where the player tapped it rather than
 * launching again. Our own games are pages of this app: the router opens them without a reload.
 */
function openGame(gameUrl: string, navigate: NavigateFunction): void {
  const url = new URL(gameUrl, window.location.href);
  if (url.origin === window.location.origin)
    void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
  else window.location.replace(url.href);
}

/** The game's large icon, when the link names its code: our art is served by merchant and game code. */
function gameIconUrl(merchantCode: string, gameId: string | undefined): string | undefined {
  if (!gameId || !/^[A-Za-z0-9_-]{1,48}$/.test(gameId)) return undefined;
  return GAME_API_PATHS.gameIcon
    .replace(':merchantCode', merchantCode.toUpperCase())
    .replace(':size', 'l')
    .replace(':file', `${gameId.toUpperCase()}.webp`);
}

function LaunchLoading({ iconUrl }: { iconUrl: string | undefined }) {
  const { t } = useTranslation();
  const [iconFailed, setIconFailed] = useState(false);
  return (
    <section className="gm-launch" role="status" aria-live="polite" data-testid="launch-loading">
      <div className="gm-launch__stage">
        <span className="gm-launch__ring" aria-hidden="true" />
        <span className="gm-launch__art">
          {iconUrl && !iconFailed ? (
            <CdnImage
              src={iconUrl}
              width={160}
              height={160}
              alt=""
              loading="eager"
              onError={() => setIconFailed(true)}
            />
          ) : (
            <SlotIcon size={56} />
          )}
        </span>
      </div>
      <h2 className="gm-launch__title">{t('launch_loading_title')}</h2>
      <p className="gm-launch__hint">{t('launch_loading_hint')}</p>
      <span className="gm-launch__dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
    </section>
  );
}

/** /m/launchGame: asks the server to launch the game of the link, then opens it in this window. */
export default function LaunchGameScreen() {
  const session = useSessionInfo();
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  return <Launch />;
}

function Launch() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const settings = useSettings();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const open = useEffectEvent((gameUrl: string) => openGame(gameUrl, navigate));
  const request = launchRequestOf(search);
  const launch = useLaunch(request?.params ?? null);
  const vendorName = useVendorName(request?.params.vendor).data;
  const gameUrl = launch.data?.gameUrl;

  useEffect(() => {
    if (gameUrl) open(gameUrl);
  }, [gameUrl]);

  const back = (
    <button
      type="button"
      className="btn btn--ghost"
      data-testid="launch-back"
      onClick={() => goBack(request?.pageBack)}
    >
      {t('back')}
    </button>
  );
  const otherGames = (
    <Link className="btn btn--primary" to={WEB_ROUTES.gameLobby} data-testid="launch-other-games">
      {t('launch_other_games')}
    </Link>
  );

  if (!request) {
    return (
      <div className="gm-page gm-page--centre">
        <StateView
          testId="launch-unavailable"
          art={<LostArt />}
          title={t('launch_unavailable_title')}
          body={<p>{t('launch_bad_link')}</p>}
          actions={
            <>
              {otherGames}
              {back}
            </>
          }
        />
      </div>
    );
  }
  if (launch.isError) {
    const problem = launchProblemOf(launch.error);
    return (
      <div className="gm-page gm-page--centre">
        {problem === 'not_connected' ? (
          <StateView
            testId="launch-not-connected"
            role="alert"
            art={<UnpluggedArt />}
            title={t('launch_not_connected_title')}
            body={
              <>
                <p>
                  {vendorName
                    ? t('launch_not_connected_vendor', { vendor: vendorName })
                    : t('launch_not_connected_body')}
                </p>
                <p>{t('launch_not_connected_nothing_taken')}</p>
              </>
            }
            actions={
              <>
                {otherGames}
                {back}
              </>
            }
          />
        ) : problem === 'trial' ? (
          <StateView
            testId="launch-trial-refused"
            role="alert"
            art={<ShieldArt />}
            title={t('launch_trial_title')}
            body={<p>{t('free_reject')}</p>}
            actions={
              <>
                <Link className="btn btn--primary" to={WEB_ROUTES.register}>
                  {t('trial_register_real')}
                </Link>
                {back}
              </>
            }
          />
        ) : problem === 'unavailable' ? (
          <StateView
            testId="launch-unavailable"
            role="alert"
            art={<LostArt />}
            title={t('launch_unavailable_title')}
            body={<p>{t('launch_unavailable_body')}</p>}
            actions={
              <>
                {otherGames}
                {back}
              </>
            }
          />
        ) : (
          <ErrorState testId="launch-error" error={launch.error} onRetry={() => void launch.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="gm-page gm-page--centre">
      <LaunchLoading iconUrl={gameIconUrl(settings.merchantCode, request.params.gameId)} />
    </div>
  );
}
