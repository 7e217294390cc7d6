import { useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { LOTTERY_API_PATHS, type Language, type TWinnerBoard } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { lotteryKeys } from './keys';

/** The winner board reloads this often while shown (wins arrive with every settled draw). */
const WINNERS_REFRESH_MS = 60_000;

export const fetchWinnerBoard = (gameCode: string | null, language: Language, signal?: AbortSignal) =>
  apiGet<TWinnerBoard>(LOTTERY_API_PATHS.winners, { ...(gameCode ? { gameCode } : {}), language }, signal);

/** The winner board (real settled wins, names masked, largest first): one game's, or every game's (null). */
export function useWinnerBoard(gameCode: string | null) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.winnersOf(gameCode, language),
    queryFn: ({ signal }) => fetchWinnerBoard(gameCode, language, signal),
    refetchInterval: WINNERS_REFRESH_MS,
  });
}

/** A draw settled: every winner board may have new wins. */
export function afterDrawSettled(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.winners });
}
