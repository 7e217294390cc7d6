import { queryOptions, useQuery } from '../../../shared/query/react';
import {
  GAME_WALLET_API_PATHS,
  LOTTERY_API_PATHS,
  playTypeNamed,
  type Language,
  type TLaunchGame,
  type TLotteryLaunch,
} from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import type { LaunchRequest } from '../lib/launchRequest';
import { LOTTERY_LOBBY_CODE } from '../lib/launchTarget';
import { gameKeys } from './keys';

/**
 * The launch of a link: the lottery lobby (the lottery vendors' tiles and the LOTT and ELOTT
 * categories, spec §4) is our own lottery's launch (spec §7, lobby view, the link's prize mode and
 * play type, back where the link says); every other game the generic launch of its provider.
 */
export function fetchLaunch(
  params: LaunchRequest['params'],
  language: Language,
  signal?: AbortSignal,
): Promise<{ gameUrl: string }> {
  if (params.code === LOTTERY_LOBBY_CODE) {
    const playType = playTypeNamed(params.playType);
    return apiGet<TLotteryLaunch>(
      LOTTERY_API_PATHS.launch,
      {
        lottoView: 'lobby',
        ...(params.prize_mode ? { lottoPrizeMode: params.prize_mode } : {}),
        ...(params.pageBack ? { backUrl: params.pageBack } : {}),
        language,
        ...(playType ? { playType } : {}),
      },
      signal,
    );
  }
  // A POST: each launch mints a token and records a recent game, which no link or prefetch may do.
  return apiPost<TLaunchGame>(
    GAME_WALLET_API_PATHS.launchGame,
    { ...params, language, showChoice: 'false' },
    { signal },
  );
}

/**
 * One launch per visit of the launch page: each answer carries a new launch token, so it is never
 * kept, shared with a later visit, or asked again behind the player's back (a retry is their tap).
 */
export function launchQueryOptions(params: LaunchRequest['params'], language: Language) {
  return queryOptions({
    queryKey: gameKeys.launch(params, language),
    queryFn: ({ signal }) => fetchLaunch(params, language, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
  });
}

export function useLaunch(params: LaunchRequest['params'] | null) {
  const { language } = useLanguage();
  return useQuery({ ...launchQueryOptions(params ?? {}, language), enabled: params !== null });
}
