import { useRef, useState } from 'react';
import { playTypeNamed, WEB_ROUTES, type TLotteryGame } from '@palaro/contract';
import { useNavigate } from '../../../shared/router';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { hasSession } from '../../../shared/lib/storage';
import { fetchLotteryLaunch } from '../api/launch';
import type { PrizeMode } from './prizeMode';

/** Spec §8: the 'please wait' loading shows for at most 3 s while the launch is asked. */
export const LAUNCH_WAIT_MS = 3000;

/**
 * Opens a lottery game (spec §4 and §7): a visitor goes to sign-in; a member's launch asks
 * lottoArea VN, launchMode LOTT, the prize mode (the game's own: a traditional game is Lott), the game's code, the betting view, device MOBILE,
 * the page to come back to, the language and the board a lobby's launch asked for (playType), and opens value.gameUrl. A failure hides the loader
 * and says why (spec §8). A second tap while one launch is on its way is ignored.
 */
export function useLotteryLaunch(prizeMode: PrizeMode, backUrl: string, playType: string | null = null) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const busy = useRef(false);
  const board = playTypeNamed(playType);
  const [launching, setLaunching] = useState<string | null>(null);

  const launch = async (
    game: (Pick<TLotteryGame, 'gameCode'> & Partial<Pick<TLotteryGame, 'prizeMode'>>) | null,
    view: 'betting' | 'lobby' = 'betting',
  ) => {
    if (!hasSession()) {
      void navigate(WEB_ROUTES.login);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setLaunching(game?.gameCode ?? '');
    const hide = toast.loading(t('in_please_wait'), LAUNCH_WAIT_MS);
    try {
      const { gameUrl } = await fetchLotteryLaunch({
        lottoArea: 'VN',
        launchMode: 'LOTT',
        lottoPrizeMode: game?.prizeMode ?? prizeMode,
        lottoGameCode: game?.gameCode,
        lottoView: view,
        device: 'MOBILE',
        backUrl,
        language,
        ...(board ? { playType: board } : {}),
      });
      hide();
      const url = new URL(gameUrl, window.location.href);
      if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`);
      else window.location.assign(url.href);
    } catch (error) {
      hide();
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    } finally {
      busy.current = false;
      setLaunching(null);
    }
  };
  return { launch, launching };
}
