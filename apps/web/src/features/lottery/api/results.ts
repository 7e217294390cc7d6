import { useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { LOTTERY_API_PATHS, lotteryGamePath, type TLotteryDraw, type TLotteryResults } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { lotteryKeys } from './keys';

export const RESULTS_PAGE_SIZE = 30;

export const fetchLotteryResults = (gameCode: string, signal?: AbortSignal) =>
  apiGet<TLotteryResults>(
    lotteryGamePath(LOTTERY_API_PATHS.results, gameCode),
    { pageSize: RESULTS_PAGE_SIZE },
    signal,
  );

export function useLotteryResults(gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.results(gameCode),
    queryFn: ({ signal }) => fetchLotteryResults(gameCode, signal),
  });
}

/** A drawn draw from the event stream into the game's results, newest first, without asking again. */
export function addDrawnResult(queryClient: QueryClient, draw: TLotteryDraw): void {
  queryClient.setQueryData<TLotteryResults>(lotteryKeys.results(draw.gameCode), (old) => {
    const others = (old?.draws ?? []).filter((each) => each.numero !== draw.numero);
    return { gameCode: draw.gameCode, draws: [draw, ...others].sort((a, b) => b.drawsAt - a.drawsAt) };
  });
}
