import { queryOptions, useQuery } from '@tanstack/react-query';
import { GAME_WALLET_API_PATHS, type Language, type TLaunchGame } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import type { LaunchRequest } from '../lib/launchRequest';
import { gameKeys } from './keys';

export function fetchLaunch(params: LaunchRequest['params'], language: Language, signal?: AbortSignal): Promise<TLaunchGame> {
  return apiGet<TLaunchGame>(GAME_WALLET_API_PATHS.launchGame, { ...params, language, showChoice: 'false' }, signal);
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
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLaunch(params: LaunchRequest['params'] | null) {
  const { language } = useLanguage();
  return useQuery({ ...launchQueryOptions(params ?? {}, language), enabled: params !== null });
}
